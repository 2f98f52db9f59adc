import { IdgovServerError } from "../errors/status-errors";
import { IdgovTransportError } from "../errors/transport-error";

/**
 * Whether the service may still be carrying out a request whose answer never came: the client stopped waiting for
 * it (`idgov:requestTimeoutMs`), or a gateway did (504). After any other failure the service's side of the exchange
 * has ended, so a lookup made at once sees all the request did.
 */
export function mayStillBeRunning(error: unknown): boolean {
  return (
    (error instanceof IdgovTransportError && error.code === "UND_ERR_HEADERS_TIMEOUT") ||
    (error instanceof IdgovServerError && error.status === 504)
  );
}
