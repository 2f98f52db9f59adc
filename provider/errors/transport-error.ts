import { IdgovRequestError, requestSubject, type RequestErrorDetails } from "./request-error";

/** A request that got no HTTP answer. All text is already redacted. */
export interface TransportErrorDetails extends RequestErrorDetails {
  /** The host (and port) the request was sent to, e.g. `idgov.example.com` or `127.0.0.1:8080`. */
  host?: string | undefined;
  /** System or undici error code, e.g. `ECONNREFUSED`, `UND_ERR_HEADERS_TIMEOUT`. */
  code: string | undefined;
  /** What went wrong, in words (the underlying error's message). */
  reason: string;
  /**
   * True when the request may have reached the server and been executed: anything but a failure
   * to connect. A create that fails ambiguously must be looked for before it is sent again.
   */
  ambiguous: boolean;
  /** What to check, e.g. the setting that named an address where nothing answers. */
  hint?: string | undefined;
}

/** Connection refused, reset, or timed out: no HTTP answer arrived. `cause` is the network error, when one was thrown. */
export class IdgovTransportError extends IdgovRequestError {
  readonly host: string | undefined;
  readonly code: string | undefined;
  /** What went wrong, in words. */
  readonly reason: string;
  readonly ambiguous: boolean;
  readonly hint: string | undefined;

  constructor(details: TransportErrorDetails) {
    const code = details.code ? ` (${details.code})` : "";
    const consequence = details.ambiguous
      ? "the request may have reached the service and been executed"
      : "the request did not reach the service";
    const where = details.host ? ` (${details.host})` : "";
    const hint = details.hint ? `; ${details.hint}` : "";
    super(`${requestSubject(details)}${where}: ${details.reason}${code}; ${consequence}${hint}`, details);
    this.host = details.host;
    this.code = details.code;
    this.reason = details.reason;
    this.ambiguous = details.ambiguous;
    this.hint = details.hint;
  }

  override get details(): TransportErrorDetails {
    return {
      ...super.details,
      host: this.host,
      code: this.code,
      reason: this.reason,
      ambiguous: this.ambiguous,
      hint: this.hint,
    };
  }
}
