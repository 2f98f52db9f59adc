import { IdgovError } from "./idgov-error";

/** Which request an error is about, and what is known of its answer. All text is already redacted. */
export interface RequestErrorDetails {
  method: string;
  /** Request path without the query string. */
  path: string;
  /** HTTP status of the answer, when one arrived. */
  status?: number | undefined;
  /** gRPC code of the answer, when one arrived. */
  grpcCode?: number | undefined;
  /** The `x-request-id` the service answered with, when it sent one. */
  requestId?: string | undefined;
  /** Human label of the operation, e.g. `update App app-123`. */
  operation?: string | undefined;
  /** The underlying error, e.g. the network failure. */
  cause?: unknown;
}

/** What an error message names first: the operation (`update App app-123`), else `METHOD path`. */
export function requestSubject(details: Pick<RequestErrorDetails, "method" | "path" | "operation">): string {
  return details.operation ?? `${details.method} ${details.path}`;
}

/**
 * Base of the errors about one request to the service: an error answer ({@link IdgovApiError}), an answer of the
 * wrong shape ({@link IdgovResponseSchemaError}), or no answer ({@link IdgovTransportError}). Carries the method,
 * path, status, gRPC code and request id as far as they are known, and the underlying error as `cause`.
 */
export abstract class IdgovRequestError extends IdgovError {
  readonly method: string;
  readonly path: string;
  /** HTTP status of the answer; undefined when no answer arrived. */
  readonly status: number | undefined;
  /** gRPC code of the answer; undefined when no answer arrived. */
  readonly grpcCode: number | undefined;
  readonly requestId: string | undefined;
  readonly operation: string | undefined;

  constructor(message: string, details: RequestErrorDetails) {
    super(message, { cause: details.cause });
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.grpcCode = details.grpcCode;
    this.requestId = details.requestId;
    this.operation = details.operation;
  }

  /** What this error was made from, so that a copy (e.g. naming a further operation) carries the same facts. */
  get details(): RequestErrorDetails {
    return {
      method: this.method,
      path: this.path,
      status: this.status,
      grpcCode: this.grpcCode,
      requestId: this.requestId,
      operation: this.operation,
      cause: this.cause,
    };
  }

  /** The fields safe to log or serialise: every detail but the cause (an error of its own). */
  override toJSON(): Record<string, unknown> {
    const { cause: _cause, ...safe } = this.details;
    return { ...super.toJSON(), ...safe };
  }
}
