import { IdgovApiError } from "./api-error";

/** 429 RESOURCE_EXHAUSTED: rate limited, after the retries the policy allows; `retryAfterMs` says how long to wait. */
export class IdgovRateLimitError extends IdgovApiError {}
