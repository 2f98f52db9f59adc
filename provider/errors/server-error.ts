import { IdgovApiError, type ApiErrorDetails } from "./api-error";

/** 5xx: the service failed; for a create, it may still have executed it. */
export class IdgovServerError extends IdgovApiError {
  /** Wait the server asked for (`Retry-After`, which a 503 may carry), in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(details: ApiErrorDetails) {
    super(details);
    this.retryAfterMs = details.retryAfterMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}
