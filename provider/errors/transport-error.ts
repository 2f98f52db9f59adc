import { IdgovError } from "./idgov-error";

/** A request that got no HTTP answer. All text is already redacted. */
export interface TransportErrorDetails {
  method: string;
  path: string;
  /** The host (and port) the request was sent to, e.g. `idgov.example.com` or `127.0.0.1:8080`. */
  host?: string | undefined;
  operation?: string | undefined;
  /** System or undici error code, e.g. `ECONNREFUSED`, `UND_ERR_HEADERS_TIMEOUT`. */
  code: string | undefined;
  /** What went wrong, in words (the underlying error's message). */
  reason: string;
  /**
   * True when the request may have reached the server and been executed: anything but a failure
   * to connect. A create that fails ambiguously must be looked for before it is sent again.
   */
  ambiguous: boolean;
}

/** Connection refused, reset, or timed out: no HTTP answer arrived. */
export class IdgovTransportError extends IdgovError {
  readonly method: string;
  readonly path: string;
  readonly host: string | undefined;
  readonly operation: string | undefined;
  readonly code: string | undefined;
  /** What went wrong, in words. */
  readonly reason: string;
  readonly ambiguous: boolean;

  constructor(details: TransportErrorDetails) {
    const subject = details.operation ?? `${details.method} ${details.path}`;
    const code = details.code ? ` (${details.code})` : "";
    const consequence = details.ambiguous
      ? "the request may have reached the service and been executed"
      : "the request did not reach the service";
    const where = details.host ? ` (${details.host})` : "";
    super(`${subject}${where}: ${details.reason}${code}; ${consequence}`);
    this.method = details.method;
    this.path = details.path;
    this.host = details.host;
    this.operation = details.operation;
    this.code = details.code;
    this.reason = details.reason;
    this.ambiguous = details.ambiguous;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      method: this.method,
      path: this.path,
      host: this.host,
      operation: this.operation,
      code: this.code,
      ambiguous: this.ambiguous,
    };
  }
}
