import { IdgovRequestError, requestSubject, type RequestErrorDetails } from "./request-error";

type RequestErrorClass = new (details: RequestErrorDetails) => IdgovRequestError;

/**
 * A copy of an error of a request made on behalf of an operation (the token request an API call needed), whose
 * message starts with that operation: `create App payroll: POST /auth/v1/token: 503 UNAVAILABLE: …`. Other errors
 * are answered as they are. A copy, because concurrent operations share one token request and its error.
 */
export function withOperation(error: unknown, operation: string): unknown {
  if (!(error instanceof IdgovRequestError)) return error;
  // Every concrete request error is built from its details alone.
  const ErrorClass = error.constructor as RequestErrorClass;
  return new ErrorClass({ ...error.details, operation: `${operation}: ${requestSubject(error)}` });
}
