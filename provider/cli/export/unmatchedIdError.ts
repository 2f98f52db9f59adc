import { IdgovError } from "../../errors/idgov-error";

/** `--id` named an id that no object read from the tenant has. */
export class UnmatchedIdError extends IdgovError {}
