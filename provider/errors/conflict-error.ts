import { IdgovApiError } from "./api-error";

/** 409 ALREADY_EXISTS or ABORTED: a conflicting write. */
export class IdgovConflictError extends IdgovApiError {}
