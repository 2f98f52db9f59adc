import { redact } from "./redact";
import type { IdgovApiError } from "./api-error";
import { GRPC_CODE_FOR_HTTP_STATUS, grpcCodeName } from "./grpc-codes";
import { errorClassFor } from "./status-errors";

/** A non-200 answer, as the client saw it. */
export interface ErrorResponse {
  status: number;
  /** Raw response body; only its `google.rpc.Status` message is kept. */
  bodyText: string;
  requestId: string | undefined;
  method: string;
  path: string;
  operation?: string | undefined;
  retryAfterMs?: number | undefined;
  /** Replaces the server's message, e.g. for a rejected token request. */
  messageOverride?: string | undefined;
  /** Values to scrub from every text the error carries. */
  secrets?: readonly (string | undefined)[];
}

const MAX_RAW_MESSAGE_CHARS = 200;

/** Builds the error for a non-200 answer: the subclass named by the status, with a redacted message. */
export function errorFromResponse(response: ErrorResponse): IdgovApiError {
  const status = parseRpcStatus(response.bodyText);
  const grpcCode = status.code ?? GRPC_CODE_FOR_HTTP_STATUS[response.status] ?? 2;
  const secrets = response.secrets ?? [];
  const ErrorClass = errorClassFor(response.status);
  return new ErrorClass({
    status: response.status,
    grpcCode,
    grpcStatus: grpcCodeName(grpcCode),
    serverMessage: redact(response.messageOverride ?? status.message ?? "(no message)", secrets),
    method: response.method,
    path: redact(response.path, secrets),
    requestId: response.requestId,
    operation: response.operation === undefined ? undefined : redact(response.operation, secrets),
    retryAfterMs: response.retryAfterMs,
    fromService: status.fromService,
  });
}

/** Whether a body is the service's error shape, a `google.rpc.Status` object (reference 3), not a gateway's page. */
export function isRpcStatusBody(bodyText: string): boolean {
  return parseRpcStatus(bodyText).fromService;
}

function parseRpcStatus(bodyText: string): { code?: number; message?: string; fromService: boolean } {
  const text = bodyText.trim();
  if (text === "") return { fromService: false };
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null || Array.isArray(body)) return { fromService: false };
    const { code, message } = body as { code?: unknown; message?: unknown };
    const hasCode = typeof code === "number" && Number.isInteger(code);
    return {
      ...(hasCode ? { code } : {}),
      ...(typeof message === "string" && message !== "" ? { message } : {}),
      fromService: hasCode && typeof message === "string",
    };
  } catch {
    return { message: text.replace(/\s+/g, " ").slice(0, MAX_RAW_MESSAGE_CHARS), fromService: false };
  }
}
