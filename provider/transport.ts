import { Agent } from "undici";
import { Semaphore } from "./semaphore";
import { packageVersion } from "./version";

/** Connection settings of the transport. */
export interface TransportOptions {
  /** Longest wait for response headers, and between body chunks. */
  requestTimeoutMs: number;
  /** Most requests in flight at once; also the connection count per origin. */
  maxInFlight: number;
  /** Longest wait to open a connection. @default min(10000, requestTimeoutMs) */
  connectTimeoutMs?: number;
}

/** One HTTP exchange to send. */
export interface WireRequest {
  method: "GET" | "POST" | "DELETE";
  /** Absolute URL, query included. */
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

/** An HTTP answer, whatever its status. */
export interface WireResponse {
  status: number;
  bodyText: string;
  requestId: string | undefined;
  retryAfter: string | undefined;
}

/** Why no HTTP answer arrived. */
export interface TransportFailure {
  code: string | undefined;
  reason: string;
  /** The request may have reached the server and been executed. */
  ambiguous: boolean;
  /** Another attempt may succeed. */
  retryable: boolean;
}

/** The outcome of {@link HttpTransport.send}: an answer, or the reason there was none. */
export type SendResult = { ok: true; response: WireResponse } | { ok: false; failure: TransportFailure };

/** Failures that happen before a byte of the request is sent. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Failures another attempt cannot fix. */
const FINAL_CODES = new Set([
  "UND_ERR_CLOSED",
  "UND_ERR_DESTROYED",
  "UND_ERR_INVALID_ARG",
  "UND_ERR_ABORTED",
]);

const REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EPIPE: "connection closed while sending",
  UND_ERR_SOCKET: "connection closed by the other side",
  UND_ERR_CONNECT_TIMEOUT: "connect timed out",
  UND_ERR_HEADERS_TIMEOUT: "no response headers in time",
  UND_ERR_BODY_TIMEOUT: "response body stalled",
  ENOTFOUND: "host not found",
};

/**
 * Sends HTTP requests over a keep-alive undici Agent, with at most `maxInFlight` in flight. Adds
 * `accept: application/json` and the `user-agent`; never throws for a failed exchange, but
 * answers a {@link TransportFailure}.
 */
export class HttpTransport {
  private readonly agent: Agent;
  private readonly slots: Semaphore;
  private readonly userAgent = `pulumi-idgov/${packageVersion()}`;

  constructor(options: TransportOptions) {
    this.slots = new Semaphore(options.maxInFlight);
    this.agent = new Agent({
      connections: options.maxInFlight,
      keepAliveTimeout: 4_000,
      connect: { timeout: options.connectTimeoutMs ?? Math.min(10_000, options.requestTimeoutMs) },
      headersTimeout: options.requestTimeoutMs,
      bodyTimeout: options.requestTimeoutMs,
    });
  }

  /** Requests in flight right now. */
  get inFlight(): number {
    return this.slots.inUse;
  }

  /** Sends one request and reads the whole answer. */
  send(request: WireRequest): Promise<SendResult> {
    return this.slots.run(async () => {
      try {
        const answer = await this.agent.request({
          origin: request.url.origin,
          path: request.url.pathname + request.url.search,
          method: request.method,
          headers: { accept: "application/json", "user-agent": this.userAgent, ...request.headers },
          ...(request.body === undefined ? {} : { body: request.body }),
        });
        const bodyText = await answer.body.text();
        return {
          ok: true,
          response: {
            status: answer.statusCode,
            bodyText,
            requestId: firstHeader(answer.headers["x-request-id"] ?? answer.headers["request-id"]),
            retryAfter: firstHeader(answer.headers["retry-after"]),
          },
        };
      } catch (error) {
        return { ok: false, failure: classifyTransportError(error) };
      }
    });
  }

  /** Closes idle connections and waits for requests in flight. */
  close(): Promise<void> {
    return this.agent.close();
  }
}

/** Sorts a network error into ambiguous or not, retryable or not. */
export function classifyTransportError(error: unknown): TransportFailure {
  const code = errorCode(error);
  const tlsFailure = code !== undefined && /^(ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/.test(code);
  const message = error instanceof Error && error.message ? error.message : String(error);
  return {
    code,
    reason: (code && REASONS[code]) ?? message,
    ambiguous: !tlsFailure && !(code !== undefined && (NOT_SENT_CODES.has(code) || FINAL_CODES.has(code))),
    retryable: !tlsFailure && !(code !== undefined && FINAL_CODES.has(code)),
  };
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, errors, cause } = error as { code?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === "string") return code;
  if (Array.isArray(errors) && errors.length > 0) return errorCode(errors[0]);
  return cause === undefined ? undefined : errorCode(cause);
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
