import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError, GRPC_CODE, injectedFault, methodNotAllowed, notFound } from "./errors";
import type { Emulator } from "./emulator";
import { GATEWAY_NOT_FOUND, UNREADABLE_ANSWERS } from "./faults";
import { parseFormBody, parseJsonBody, readRawBody } from "./requestBody";
import { handleControl } from "./routes/control";
import { switchRefusal } from "./switchGuard";

/** An answer ready to be written. */
export interface Answer {
  status: number;
  body: unknown;
  /** The body already serialized (a snapshot taken when the handler returned). */
  text?: string;
  headers?: Record<string, string>;
}

function errorAnswer(error: unknown, quiet: boolean): Answer {
  if (error instanceof ApiError)
    return { status: error.status, body: error.toStatus(), headers: error.headers };
  if (!quiet) console.error("emulator: unexpected error", error);
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: 500,
    body: { code: GRPC_CODE.INTERNAL, message: `internal error: ${message}`, details: [] },
  };
}

function send(
  response: ServerResponse,
  answer: Answer,
  contentType = "application/json; charset=utf-8",
): void {
  if (response.destroyed) return;
  const text = answer.text ?? JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    ...answer.headers,
    "content-type": contentType,
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

/** The answer with the first item of its `list` out of shape (its `displayName` a number); others as they are. */
function withMalformedFirstItem(answer: Answer): Answer {
  const body = JSON.parse(answer.text ?? JSON.stringify(answer.body)) as { list?: unknown };
  const [first, ...rest] = Array.isArray(body.list) ? (body.list as unknown[]) : [];
  if (typeof first !== "object" || first === null) return answer;
  const malformed = { ...body, list: [{ ...first, displayName: 404 }, ...rest] };
  return { status: answer.status, body: malformed, ...(answer.headers ? { headers: answer.headers } : {}) };
}

export { isLoopback } from "./switchGuard";

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function answerApi(
  emulator: Emulator,
  request: IncomingMessage,
  raw: Buffer,
  path: string,
  query: Record<string, string>,
): Promise<Answer> {
  const method = request.method ?? "GET";
  if (path === "/auth/v1/token") {
    if (method !== "POST") throw methodNotAllowed(method, path, ["POST"]);
    const { form, error } = parseFormBody(raw, request.headers["content-type"]);
    if (error !== undefined) throw error;
    return {
      status: 200,
      body: emulator.tokens.issue(
        form,
        request.headers.authorization,
        emulator.tokenTtlSeconds(),
        new URL(`http://${request.headers.host ?? "localhost"}`).hostname,
      ),
    };
  }
  emulator.tokens.verify(request.headers.authorization);
  const match = emulator.router.match(method, path);
  if (match.kind === "none") throw notFound(`no route for ${method} ${path}`);
  if (match.kind === "wrongMethod") throw methodNotAllowed(method, path, match.allowed);
  const parsed =
    method === "GET" ? { value: {}, error: undefined } : parseJsonBody(raw, request.headers["content-type"]);
  if (parsed.error !== undefined) throw parsed.error;
  const result = match.handler({
    method,
    params: match.params,
    query,
    body: parsed.value,
    store: emulator.store,
    reservedAnnotationPrefix: emulator.options.reservedAnnotationPrefix,
    baseUrl: emulator.baseUrl,
    searchLagMs: emulator.faults.searchLagMs(),
  });
  return { status: 200, body: result, text: JSON.stringify(result) };
}

function loggedBody(raw: Buffer, path: string, contentType: string | undefined): unknown {
  if (path === "/auth/v1/token") return raw.length === 0 ? null : parseFormBody(raw, contentType).logged;
  return raw.length === 0 ? null : parseJsonBody(raw, contentType).logged;
}

/** Whether a request's body may be kept in the log: a token request, or an API call with a valid token. */
function authenticated(emulator: Emulator, path: string, request: IncomingMessage): boolean {
  if (path === "/auth/v1/token") return true;
  try {
    emulator.tokens.verify(request.headers.authorization);
    return true;
  } catch {
    return false;
  }
}

/** Handles one HTTP request: control switches, then faults, auth, routing and persistence. */
export async function handleRequest(
  emulator: Emulator,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const requestId = randomUUID();
  response.setHeader("x-request-id", requestId);
  const quiet = emulator.options.quiet;
  const method = request.method ?? "GET";
  const url = new URL(request.url ?? "/", "http://emulator.invalid");
  const path = url.pathname;
  const query = Object.fromEntries(url.searchParams);
  let raw: Buffer;
  try {
    raw = await readRawBody(request);
  } catch (error) {
    send(response, errorAnswer(error, quiet));
    return;
  }
  if (path.startsWith("/__emulator/")) {
    const refusal = switchRefusal(request, raw);
    if (refusal !== undefined) {
      send(response, errorAnswer(refusal, quiet));
      return;
    }
    try {
      send(response, await handleControl(emulator, method, path, raw, request.headers["content-type"]));
    } catch (error) {
      send(response, errorAnswer(error, quiet));
    }
    return;
  }
  if (!path.startsWith("/api/") && !path.startsWith("/auth/")) {
    send(response, errorAnswer(notFound(`no route for ${method} ${path}`), quiet));
    return;
  }
  const body = authenticated(emulator, path, request)
    ? loggedBody(raw, path, request.headers["content-type"])
    : null;
  const entry = emulator.log.begin({ method, path, query, body, requestId });
  const decision = emulator.faults.decide(method, path);
  if (decision.injected !== undefined) entry.fault = decision.injected;
  if (decision.latencyMs > 0) await sleep(decision.latencyMs);
  if (decision.fault === "reset") {
    request.socket.destroy();
    return;
  }
  const gatewayPage = decision.fault === undefined ? undefined : GATEWAY_NOT_FOUND[decision.fault];
  if (gatewayPage) {
    entry.status = 404;
    send(response, { status: 404, body: null, text: gatewayPage.text }, gatewayPage.contentType);
    return;
  }
  let answer: Answer;
  if (
    decision.fault === "400" ||
    decision.fault === "429" ||
    decision.fault === "500" ||
    decision.fault === "503"
  ) {
    answer = errorAnswer(
      injectedFault(Number(decision.fault) as 400 | 429 | 500 | 503, decision.retryAfterSeconds),
      quiet,
    );
  } else {
    const revision = emulator.store.revision;
    try {
      answer = await answerApi(emulator, request, raw, path, query);
    } catch (error) {
      answer = errorAnswer(error, quiet);
    }
    if (emulator.store.revision !== revision && emulator.persistence !== undefined) {
      try {
        await emulator.persistence.save();
      } catch (error) {
        answer = errorAnswer(
          new ApiError(500, GRPC_CODE.INTERNAL, `could not save state: ${(error as Error).message}`),
          quiet,
        );
      }
    }
  }
  entry.status = answer.status;
  if (decision.fault === "dropAfterCommit") {
    request.socket.destroy();
    return;
  }
  if (decision.fault === "malformedSearchItem" && answer.status < 300)
    answer = withMalformedFirstItem(answer);
  const unreadable = decision.fault === undefined ? undefined : UNREADABLE_ANSWERS[decision.fault];
  if (unreadable && answer.status < 300) {
    answer = { status: 200, body: null, text: unreadable(answer.text ?? JSON.stringify(answer.body)) };
  }
  send(response, answer);
}
