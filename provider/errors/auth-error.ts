import { IdgovApiError } from "./api-error";

/** 401 UNAUTHENTICATED or 403 PERMISSION_DENIED: bad credentials, or a right the caller lacks. */
export class IdgovAuthError extends IdgovApiError {}
