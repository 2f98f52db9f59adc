import { IdgovApiError, type ApiErrorDetails } from "./api-error";
import { IdgovResponseSchemaError } from "./response-schema-error";
import { IdgovTransportError } from "./transport-error";

type ApiErrorClass = new (details: ApiErrorDetails) => IdgovApiError;

/**
 * A copy of an error of a request made on behalf of an operation (the token request an API call needed), whose
 * message starts with that operation: `create App payroll: POST /auth/v1/token: 503 UNAVAILABLE: …`. Other errors
 * are answered as they are. A copy, because concurrent operations share one token request and its error.
 */
export function withOperation(error: unknown, operation: string): unknown {
  if (error instanceof IdgovApiError) {
    const ErrorClass = error.constructor as ApiErrorClass;
    return new ErrorClass({
      status: error.status,
      grpcCode: error.grpcCode,
      grpcStatus: error.grpcStatus,
      serverMessage: error.serverMessage,
      method: error.method,
      path: error.path,
      requestId: error.requestId,
      operation: `${operation}: ${error.operation ?? `${error.method} ${error.path}`}`,
      retryAfterMs: error.retryAfterMs,
    });
  }
  if (error instanceof IdgovTransportError) {
    return new IdgovTransportError({
      method: error.method,
      path: error.path,
      host: error.host,
      operation: `${operation}: ${error.operation ?? `${error.method} ${error.path}`}`,
      code: error.code,
      reason: error.reason,
      ambiguous: error.ambiguous,
    });
  }
  if (error instanceof IdgovResponseSchemaError) {
    return new IdgovResponseSchemaError({
      method: error.method,
      path: error.path,
      requestId: error.requestId,
      operation: `${operation}: ${error.operation ?? `${error.method} ${error.path}`}`,
      issues: error.issues,
    });
  }
  return error;
}
