import { IdgovApiError } from "./api-error";

/** 404 NOT_FOUND: an unknown or deleted id. */
export class IdgovNotFoundError extends IdgovApiError {}
