import { IdgovRequestError, requestSubject, type RequestErrorDetails } from "./request-error";

/** One reason a response did not match: where, and what was expected. Never the received value. */
export interface ResponseIssue {
  /** Dotted path inside the response body, `(root)` for the body itself. */
  path: string;
  message: string;
}

/** What the bad answer was for. */
export interface ResponseSchemaErrorDetails extends RequestErrorDetails {
  requestId: string | undefined;
  /** The first few issues; the response body itself is never kept (it may hold secrets). */
  issues: readonly ResponseIssue[];
}

/** A 200 answer that is not JSON, or whose JSON does not have the expected shape. */
export class IdgovResponseSchemaError extends IdgovRequestError {
  readonly issues: readonly ResponseIssue[];

  constructor(details: ResponseSchemaErrorDetails) {
    const issues = details.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
    const requestId = details.requestId ? ` (request id ${details.requestId})` : "";
    super(`${requestSubject(details)}: unexpected response: ${issues}${requestId}`, details);
    this.issues = details.issues;
  }

  override get details(): ResponseSchemaErrorDetails {
    return { ...super.details, requestId: this.requestId, issues: this.issues };
  }
}
