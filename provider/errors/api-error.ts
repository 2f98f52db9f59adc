import { IdgovError } from "./idgov-error";

/** What the service answered, and to which request. All text is already redacted. */
export interface ApiErrorDetails {
  /** HTTP status of the answer. */
  status: number;
  /** gRPC code from the `google.rpc.Status` body, or derived from the HTTP status. */
  grpcCode: number;
  /** Name of the gRPC code, e.g. `NOT_FOUND`. */
  grpcStatus: string;
  /** The server's own message (`google.rpc.Status.message`). */
  serverMessage: string;
  method: string;
  /** Request path without the query string. */
  path: string;
  /** The `x-request-id` the service answered with, when it sent one. */
  requestId: string | undefined;
  /** Human label of the operation, e.g. `update App app-123`. */
  operation?: string | undefined;
  /** Wait the server asked for (`Retry-After`), in milliseconds. */
  retryAfterMs?: number | undefined;
}

/** Formats `<operation or METHOD path>: <status> <GRPC_NAME>: <server message> (request id <id>)`. */
export function formatApiErrorMessage(details: ApiErrorDetails): string {
  const subject = details.operation ?? `${details.method} ${details.path}`;
  const requestId = details.requestId ? ` (request id ${details.requestId})` : "";
  return `${subject}: ${details.status} ${details.grpcStatus}: ${details.serverMessage}${requestId}`;
}

/** The service answered with a status other than 200. Subclasses name the common statuses. */
export class IdgovApiError extends IdgovError {
  readonly status: number;
  readonly grpcCode: number;
  readonly grpcStatus: string;
  readonly serverMessage: string;
  readonly method: string;
  readonly path: string;
  readonly requestId: string | undefined;
  readonly operation: string | undefined;
  /** Wait the server asked for (`Retry-After`, sent with 429 and 503), in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(details: ApiErrorDetails) {
    super(formatApiErrorMessage(details));
    this.status = details.status;
    this.grpcCode = details.grpcCode;
    this.grpcStatus = details.grpcStatus;
    this.serverMessage = details.serverMessage;
    this.method = details.method;
    this.path = details.path;
    this.requestId = details.requestId;
    this.operation = details.operation;
    this.retryAfterMs = details.retryAfterMs;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      status: this.status,
      grpcCode: this.grpcCode,
      grpcStatus: this.grpcStatus,
      serverMessage: this.serverMessage,
      method: this.method,
      path: this.path,
      requestId: this.requestId,
      operation: this.operation,
      retryAfterMs: this.retryAfterMs,
    };
  }
}
