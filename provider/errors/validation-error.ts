import { IdgovApiError } from "./api-error";

/** 400 INVALID_ARGUMENT: a field, mask or annotation the service rejected. */
export class IdgovValidationError extends IdgovApiError {}
