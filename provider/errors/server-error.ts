import { IdgovApiError } from "./api-error";

/** 5xx: the service failed; for a create, it may still have executed it. */
export class IdgovServerError extends IdgovApiError {}
