export { IdgovError } from "./idgov-error";
export { IdgovRequestError, requestSubject, type RequestErrorDetails } from "./request-error";
export { IdgovApiError, formatApiErrorMessage, type ApiErrorDetails } from "./api-error";
export {
  IdgovValidationError,
  IdgovAuthError,
  IdgovNotFoundError,
  IdgovConflictError,
  IdgovRateLimitError,
  IdgovServerError,
  ERROR_CLASS_BY_STATUS,
  errorClassFor,
} from "./status-errors";
export {
  IdgovResponseSchemaError,
  type ResponseIssue,
  type ResponseSchemaErrorDetails,
} from "./response-schema-error";
export { IdgovTransportError, type TransportErrorDetails } from "./transport-error";
export { IdgovConfigError } from "./config-error";
export { IdgovArgumentError } from "./argument-error";
export { IdgovDeclarationError } from "./declaration-error";
export {
  IdgovObjectError,
  IdgovAdoptionError,
  IdgovOwnershipError,
  IdgovMissingObjectError,
  IdgovLostCreateError,
  IdgovTenantError,
  IdgovNewerStateError,
  IdgovUnreadableStateError,
  type ObjectErrorDetails,
  type NewerStateErrorDetails,
  type UnreadableStateErrorDetails,
  type TenantErrorDetails,
  type LostCreateDetails,
} from "./object-errors";
export { errorFromResponse, isRpcStatusBody, namedObjectsOf, type ErrorResponse } from "./from-response";
export { isGoneAnswer, namesAnotherObject, readUnlessGone } from "./gone";
export { GRPC_CODE_NAMES, GRPC_CODE_FOR_HTTP_STATUS, grpcCodeName } from "./grpc-codes";
