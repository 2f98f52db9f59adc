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
    namedObjects: status.fromService
      ? namedObjectsOf(response.bodyText, response.path).map((name) => redact(name, secrets))
      : [],
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

const MAX_NAMES = 10;

/** Whether a word has the shape of an id: letters and digits, at least one of each, 8 characters or more. */
function idShaped(word: string): boolean {
  return word.length >= 8 && /^[A-Za-z0-9_-]+$/.test(word) && /\d/.test(word) && /[A-Za-z]/.test(word);
}

/**
 * The objects an error body of the service names: the quoted words of its message, its words shaped like the ids of
 * `path` (as long as one of them), and the `resourceName` of each of its `details` (the last part of a name like
 * `apps/ID` too). An answer that names none names no object.
 */
export function namedObjectsOf(bodyText: string, path: string): string[] {
  let body: { message?: unknown; details?: unknown };
  try {
    body = JSON.parse(bodyText) as typeof body;
  } catch {
    return [];
  }
  const names = new Set<string>();
  const message = typeof body?.message === "string" ? body.message : "";
  for (const match of message.matchAll(/"([^"]+)"|'([^']+)'|`([^`]+)`/g)) {
    names.add(match[1] ?? match[2] ?? match[3]!);
  }
  const idLengths = new Set(
    path
      .split("/")
      .filter(idShaped)
      .map((part) => part.length),
  );
  for (const word of message.split(/[^A-Za-z0-9_-]+/)) {
    if (idShaped(word) && idLengths.has(word.length)) names.add(word);
  }
  for (const detail of Array.isArray(body?.details) ? (body.details as unknown[]) : []) {
    const record = (typeof detail === "object" && detail !== null ? detail : {}) as Record<string, unknown>;
    const name = record.resourceName ?? record.resource_name;
    if (typeof name === "string" && name !== "") {
      names.add(name);
      names.add(name.split("/").at(-1)!);
    }
  }
  return [...names].slice(0, MAX_NAMES);
}
