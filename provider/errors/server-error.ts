import { IdgovApiError } from "./api-error";

/** 5xx: the service failed; for a create, it may still have executed it. A 503 may carry `retryAfterMs`. */
export class IdgovServerError extends IdgovApiError {}
