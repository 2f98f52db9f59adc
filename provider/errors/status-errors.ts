import { IdgovApiError, type ApiErrorDetails } from "./api-error";

/** 400 INVALID_ARGUMENT: a field, mask or annotation the service rejected. */
export class IdgovValidationError extends IdgovApiError {}

/** 401 UNAUTHENTICATED or 403 PERMISSION_DENIED: bad credentials, or a right the caller lacks. */
export class IdgovAuthError extends IdgovApiError {}

/** 404 NOT_FOUND: an unknown or deleted id. */
export class IdgovNotFoundError extends IdgovApiError {}

/** 409 ALREADY_EXISTS or ABORTED: a conflicting write. */
export class IdgovConflictError extends IdgovApiError {}

/** 429 RESOURCE_EXHAUSTED: rate limited, after the retries the policy allows; `retryAfterMs` says how long to wait. */
export class IdgovRateLimitError extends IdgovApiError {}

/** 5xx: the service failed; for a create, it may still have executed it. A 503 may carry `retryAfterMs`. */
export class IdgovServerError extends IdgovApiError {}

type ApiErrorClass = new (details: ApiErrorDetails) => IdgovApiError;

/** Which error class each HTTP status becomes. Other 5xx are {@link IdgovServerError}. */
export const ERROR_CLASS_BY_STATUS: Readonly<Record<number, ApiErrorClass>> = {
  400: IdgovValidationError,
  401: IdgovAuthError,
  403: IdgovAuthError,
  404: IdgovNotFoundError,
  409: IdgovConflictError,
  429: IdgovRateLimitError,
};

/** The error class for an HTTP status. */
export function errorClassFor(status: number): ApiErrorClass {
  return ERROR_CLASS_BY_STATUS[status] ?? (status >= 500 ? IdgovServerError : IdgovApiError);
}
