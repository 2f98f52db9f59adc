import type { ApiErrorDetails, IdgovApiError } from "./api-error";

type ApiErrorClass = new (details: ApiErrorDetails) => IdgovApiError;

/**
 * A copy of a refusal of the service with `hint` after its message (`…: 400 INVALID_ARGUMENT: owners[1]: user
 * "nobody" not found (request id r-1); the service lists no users; …`), of the same class. A refusal that carries a
 * hint already is answered as it is: a hint is added once.
 */
export function withHint(error: IdgovApiError, hint: string): IdgovApiError {
  if (error.hint !== undefined) return error;
  // Every concrete API error is built from its details alone.
  const ErrorClass = error.constructor as ApiErrorClass;
  return new ErrorClass({ ...error.details, hint });
}
