import type { Dispatcher } from "undici";
import { connectionPool } from "./connectionPool";
import { AnswerReader, type ExchangeOutcome, firstHeader } from "./answerReader";
import { Semaphore } from "./semaphore";
import { packageVersion } from "../version";
import { withBaselineWasmCompiler } from "../runtimeTuning";

/** Connection settings of the transport. */
export interface TransportOptions {
  /** Longest wait for response headers, and between body chunks. */
  requestTimeoutMs: number;
  /** Most requests in flight at once; also the connection count per origin. */
  maxInFlight: number;
  /** Longest wait to open a connection. @default min(10000, requestTimeoutMs) */
  connectTimeoutMs?: number;
  /** Longest an attempt may take in all, from sending to the answer's last byte. @default 120000 */
  attemptTimeoutMs?: number;
  /** Largest answer body read, in bytes; a larger one fails at once. @default 16 MiB */
  maxResponseBytes?: number;
  /**
   * Proxy for every request, `NO_PROXY` still applying. @default the proxy `HTTPS_PROXY` or `HTTP_PROXY` (or their
   * lower-case forms) names, read when the transport is made, as Node tools do
   */
  proxy?: string | undefined;
}

/** Default of {@link TransportOptions.attemptTimeoutMs}. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 120_000;
/** Default of {@link TransportOptions.maxResponseBytes}: 16 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Code of the failure of an attempt that outlived its overall deadline. */
export const DEADLINE_CODE = "IDGOV_ATTEMPT_DEADLINE";
/** Code of the failure of an answer larger than the cap. */
export const TOO_LARGE_CODE = "IDGOV_RESPONSE_TOO_LARGE";

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
  /** Where a redirect points (its `Location`), when it names a place. */
  location?: string | undefined;
}

/** Why no HTTP answer arrived. */
export interface TransportFailure {
  code: string | undefined;
  reason: string;
  /** The request may have reached the server and been executed. */
  ambiguous: boolean;
  /** Another attempt may succeed. */
  retryable: boolean;
  /** The network error thrown, when one was (not for a passed deadline or an oversized answer). */
  cause?: unknown;
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
 * Sends HTTP requests over keep-alive undici connections, through the proxy the settings or the environment name
 * (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`, as undici's `EnvHttpProxyAgent` reads them), with at most `maxInFlight`
 * in flight. Private CAs are trusted through `NODE_EXTRA_CA_CERTS`, for the tenant and a TLS proxy alike. Adds
 * `accept: application/json` and the `user-agent`; never throws for a failed exchange, but
 * answers a {@link TransportFailure}.
 */
export class HttpTransport {
  private connections: Dispatcher | undefined;
  private readonly slots: Semaphore;
  private readonly userAgent = `pulumi-idgov/${packageVersion()}`;
  private readonly attemptTimeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(private readonly options: TransportOptions) {
    this.slots = new Semaphore(options.maxInFlight);
    this.attemptTimeoutMs = options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** The connections, opened with the first request: a run that sends none (a preview) never loads undici. */
  private get agent(): Dispatcher {
    const options = this.options;
    this.connections ??= connectionPool({
      proxy: options.proxy,
      connections: options.maxInFlight,
      keepAliveTimeout: 4_000,
      connect: { timeout: options.connectTimeoutMs ?? Math.min(10_000, options.requestTimeoutMs) },
      headersTimeout: options.requestTimeoutMs,
      bodyTimeout: options.requestTimeoutMs,
    });
    return this.connections;
  }

  /** Requests in flight right now. */
  get inFlight(): number {
    return this.slots.inUse;
  }

  /**
   * Sends one request and reads the whole answer, within the attempt's overall deadline and the size cap: a server
   * that trickles its answer fails at the deadline (retryable), one whose answer is larger than the cap fails at once
   * (not retryable), with no more than the cap read. `gate`, when given, is awaited once the request holds its slot,
   * right before it is sent (the tenant's pause and pace).
   */
  send(request: WireRequest, gate?: () => Promise<void>): Promise<SendResult> {
    return this.slots.run(async () => {
      await gate?.();
      return withBaselineParserCompile(() => this.exchange(request));
    });
  }

  private exchange(request: WireRequest): Promise<SendResult> {
    let agent: Dispatcher;
    try {
      agent = this.agent;
    } catch (error) {
      return Promise.resolve({ ok: false, failure: classifyTransportError(error) });
    }
    return new Promise((resolve) => {
      const reader = new AnswerReader(this.maxResponseBytes, this.attemptTimeoutMs, (outcome) =>
        resolve(this.resultOf(outcome)),
      );
      agent.dispatch(
        {
          origin: request.url.origin,
          path: request.url.pathname + request.url.search,
          method: request.method,
          headers: { accept: "application/json", "user-agent": this.userAgent, ...request.headers },
          // undici closes the connection after a DELETE that carries a body (the API's `{}`) unless told not to:
          // a new connection for every delete. The body is sent with its content-length, so keeping it is safe.
          ...(request.body === undefined ? {} : { body: request.body, reset: false }),
        },
        reader,
      );
    });
  }

  private resultOf(outcome: ExchangeOutcome): SendResult {
    switch (outcome.kind) {
      case "answer":
        return {
          ok: true,
          response: {
            status: outcome.status,
            bodyText: outcome.bodyText,
            requestId: firstHeader(outcome.headers["x-request-id"] ?? outcome.headers["request-id"]),
            retryAfter: firstHeader(outcome.headers["retry-after"]),
            location: firstHeader(outcome.headers.location),
          },
        };
      case "error":
        return { ok: false, failure: classifyTransportError(outcome.error) };
      case "deadline":
        return { ok: false, failure: this.deadlinePassed() };
      case "too-large":
        return { ok: false, failure: this.tooLarge() };
    }
  }

  private deadlinePassed(): TransportFailure {
    return {
      code: DEADLINE_CODE,
      reason: `no complete answer within the attempt deadline of ${this.attemptTimeoutMs} ms`,
      ambiguous: true,
      retryable: true,
    };
  }

  private tooLarge(): TransportFailure {
    return {
      code: TOO_LARGE_CODE,
      reason: `the answer is larger than idgov:maxResponseBytes (${this.maxResponseBytes} bytes)`,
      ambiguous: true,
      retryable: false,
    };
  }

  /** Closes idle connections and waits for requests in flight. */
  close(): Promise<void> {
    return this.connections?.close() ?? Promise.resolve();
  }
}

let parserCompiled = false;

/**
 * Runs the process's first exchange with V8's baseline WebAssembly compiler only (undici's parser is compiled then);
 * the baseline code is fast enough for answers of a few kilobytes.
 */
async function withBaselineParserCompile<T>(exchange: () => Promise<T>): Promise<T> {
  if (parserCompiled) return exchange();
  parserCompiled = true;
  return withBaselineWasmCompiler(exchange);
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
    cause: error,
  };
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, errors, cause } = error as { code?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === "string") return code;
  if (Array.isArray(errors) && errors.length > 0) return errorCode(errors[0]);
  return cause === undefined ? undefined : errorCode(cause);
}
