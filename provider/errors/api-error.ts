import { IdgovRequestError, requestSubject, type RequestErrorDetails } from "./request-error";

/** What the service answered, and to which request. All text is already redacted. */
export interface ApiErrorDetails extends RequestErrorDetails {
  /** HTTP status of the answer. */
  status: number;
  /** gRPC code from the `google.rpc.Status` body, or derived from the HTTP status. */
  grpcCode: number;
  /** Name of the gRPC code, e.g. `NOT_FOUND`. */
  grpcStatus: string;
  /** The server's own message (`google.rpc.Status.message`). */
  serverMessage: string;
  /** Wait the server asked for (`Retry-After`), in milliseconds. */
  retryAfterMs?: number | undefined;
  /** Whether the body was the service's own error shape (`google.rpc.Status`), not a gateway's or proxy's page. */
  fromService?: boolean | undefined;
  /** The objects the service's error body names (ids quoted in its message, its details' resource names). */
  namedObjects?: readonly string[] | undefined;
  /** What the user can do about a refusal, added after the server's message: the lookup that lists valid values. */
  hint?: string | undefined;
}

/** Formats `<operation or METHOD path>: <status> <GRPC_NAME>: <server message> (request id <id>)[; <hint>]`. */
export function formatApiErrorMessage(details: ApiErrorDetails): string {
  const requestId = details.requestId ? ` (request id ${details.requestId})` : "";
  const hint = details.hint ? `; ${details.hint}` : "";
  return `${requestSubject(details)}: ${details.status} ${details.grpcStatus}: ${details.serverMessage}${requestId}${hint}`;
}

/**
 * The service answered with an error status. Subclasses name the common statuses: {@link IdgovValidationError} (400),
 * {@link IdgovAuthError} (401, 403), {@link IdgovNotFoundError} (404), {@link IdgovConflictError} (409),
 * {@link IdgovRateLimitError} (429), {@link IdgovServerError} (5xx).
 */
export class IdgovApiError extends IdgovRequestError {
  declare readonly status: number;
  declare readonly grpcCode: number;
  /** Name of the gRPC code, e.g. `NOT_FOUND`. */
  readonly grpcStatus: string;
  /** The server's own message (`google.rpc.Status.message`). */
  readonly serverMessage: string;
  /** Wait the server asked for (`Retry-After`, sent with 429 and 503), in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;
  /** Whether the body was the service's own error shape (`google.rpc.Status`), not a gateway's or proxy's page. */
  readonly fromService: boolean;
  /** The objects the service's error body names (ids quoted in its message, its details' resource names). */
  readonly namedObjects: readonly string[];
  /** What the user can do about a refusal (the lookup that lists valid values), when the kind knows it. */
  readonly hint: string | undefined;

  constructor(details: ApiErrorDetails) {
    super(formatApiErrorMessage(details), details);
    this.grpcStatus = details.grpcStatus;
    this.serverMessage = details.serverMessage;
    this.retryAfterMs = details.retryAfterMs;
    this.fromService = details.fromService ?? false;
    this.namedObjects = details.namedObjects ?? [];
    this.hint = details.hint;
  }

  override get details(): ApiErrorDetails {
    return {
      ...super.details,
      status: this.status,
      grpcCode: this.grpcCode,
      grpcStatus: this.grpcStatus,
      serverMessage: this.serverMessage,
      retryAfterMs: this.retryAfterMs,
      fromService: this.fromService,
      namedObjects: this.namedObjects,
      hint: this.hint,
    };
  }
}
