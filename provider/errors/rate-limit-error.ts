import { IdgovApiError, type ApiErrorDetails } from "./api-error";

/** 429 RESOURCE_EXHAUSTED: rate limited, after the retries the policy allows. */
export class IdgovRateLimitError extends IdgovApiError {
  /** Wait the server asked for (`Retry-After`), in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(details: ApiErrorDetails) {
    super(details);
    this.retryAfterMs = details.retryAfterMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}
