import { IdgovError } from "../../errors/idgov-error";

/** An input of a report (a drift check, an audit, an earlier report) that cannot be read; the message names the file. */
export class ReportInputError extends IdgovError {}

/** A folder the report will not write into; the message names it and why. */
export class ReportOutError extends IdgovError {}
