export { IdgovError } from "./idgov-error";
export { IdgovApiError, formatApiErrorMessage, type ApiErrorDetails } from "./api-error";
export { IdgovValidationError } from "./validation-error";
export { IdgovAuthError } from "./auth-error";
export { IdgovNotFoundError } from "./not-found-error";
export { IdgovConflictError } from "./conflict-error";
export { IdgovRateLimitError } from "./rate-limit-error";
export { IdgovServerError } from "./server-error";
export {
  IdgovResponseSchemaError,
  type ResponseIssue,
  type ResponseSchemaErrorDetails,
} from "./response-schema-error";
export { IdgovTransportError, type TransportErrorDetails } from "./transport-error";
export { IdgovConfigError } from "./config-error";
export { errorFromResponse, errorClassFor, ERROR_CLASS_BY_STATUS, type ErrorResponse } from "./from-response";
export { GRPC_CODE_NAMES, GRPC_CODE_FOR_HTTP_STATUS, grpcCodeName } from "./grpc-codes";
