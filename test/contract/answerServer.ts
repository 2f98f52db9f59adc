/**
 * A real local HTTP server on port 0 that answers each route of `wire-schemas.json` with an answer the test chose,
 * and records what the package sent. The package reaches it over HTTP like the service.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { resolveProviderConfig, type ProviderConfig } from "../../provider/client/config";
import { createHostProvider } from "../../resources/dynamic/host";
import { wire } from "./wireAnswers";

/** One request as the server saw it. */
export interface SeenRequest {
  /** The operation of `wire-schemas.json` whose route the request matched. */
  operation: string;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** Chooses the answer of one request: a JSON body (status 200), or undefined for a 404. */
export type Answerer = (request: SeenRequest) => unknown;

/** A running answer server. */
export interface AnswerServer {
  readonly url: string;
  /** A provider config reaching it with a static token and no retries. */
  readonly config: ProviderConfig;
  readonly seen: SeenRequest[];
  /** Replaces the answerer. */
  answer(answerer: Answerer): void;
  close(): Promise<void>;
}

const ROUTES = Object.entries(wire.operations)
  .filter(([name]) => name !== "token")
  .map(([operation, op]) => ({
    operation,
    method: op.method,
    pattern: new RegExp(`^${op.path.replace(/\{[a-z_]+\}/g, "[^/]+")}$`),
  }));

/** The operation of the document a request's method and path belong to. */
export function operationOf(method: string, path: string): string | undefined {
  return ROUTES.find((route) => route.method === method && route.pattern.test(path))?.operation;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? undefined : (JSON.parse(text) as unknown);
}

/** Starts an answer server on 127.0.0.1, port 0. */
export async function startAnswerServer(answerer: Answerer = () => ({})): Promise<AnswerServer> {
  let current = answerer;
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const method = request.method ?? "GET";
      const operation = operationOf(method, url.pathname) ?? "unknown";
      const seenRequest: SeenRequest = {
        operation,
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: await readBody(request),
      };
      seen.push(seenRequest);
      const answer = operation === "unknown" ? undefined : current(seenRequest);
      const status = answer === undefined ? 404 : 200;
      const body = answer ?? { code: 5, message: `no answer for ${method} ${url.pathname}`, details: [] };
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = resolveProviderConfig(undefined, {
    IDGOV_BASE_URL: url,
    IDGOV_ACCESS_TOKEN: "contract-test-token",
    IDGOV_MAX_RETRIES: "0",
  });
  return {
    url,
    config,
    seen,
    answer: (next) => {
      current = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The provider of one kind as Pulumi's host runs it, configured to reach `server` with a static token. */
export function hostProviderFor(server: AnswerServer, kindName: string) {
  const settings: Record<string, string> = {
    "idgov:baseUrl": server.url,
    "idgov:accessToken": "contract-test-token",
    "idgov:maxRetries": "0",
  };
  return createHostProvider(kindName, { get: (key) => settings[key] });
}
