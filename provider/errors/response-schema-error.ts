import { IdgovError } from "./idgov-error";

/** One reason a response did not match: where, and what was expected. Never the received value. */
export interface ResponseIssue {
  /** Dotted path inside the response body, `(root)` for the body itself. */
  path: string;
  message: string;
}

/** What the bad answer was for. */
export interface ResponseSchemaErrorDetails {
  method: string;
  path: string;
  requestId: string | undefined;
  operation?: string | undefined;
  /** The first few issues; the response body itself is never kept (it may hold secrets). */
  issues: readonly ResponseIssue[];
}

/** A 200 answer that is not JSON, or whose JSON does not have the expected shape. */
export class IdgovResponseSchemaError extends IdgovError {
  readonly method: string;
  readonly path: string;
  readonly requestId: string | undefined;
  readonly operation: string | undefined;
  readonly issues: readonly ResponseIssue[];

  constructor(details: ResponseSchemaErrorDetails) {
    const subject = details.operation ?? `${details.method} ${details.path}`;
    const issues = details.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
    const requestId = details.requestId ? ` (request id ${details.requestId})` : "";
    super(`${subject}: unexpected response: ${issues}${requestId}`);
    this.method = details.method;
    this.path = details.path;
    this.requestId = details.requestId;
    this.operation = details.operation;
    this.issues = details.issues;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      method: this.method,
      path: this.path,
      requestId: this.requestId,
      operation: this.operation,
      issues: this.issues,
    };
  }
}
