import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

/** An answer given in place of the service's. */
export interface RewrittenAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** Which requests get a rewritten answer, and how many of them. */
export interface RewriteRule {
  /** @default any method */
  readonly method?: string;
  /** The request's path starts with this (its query left out). */
  readonly pathPrefix: string;
  readonly answer: RewrittenAnswer;
  /** How many matching requests get it. @default every one */
  readonly times?: number;
}

/** The service's error body (`google.rpc.Status`) for a not-found with `message` and `details`. */
export function notFoundBody(message: string, details: readonly object[] = []): string {
  return JSON.stringify({ code: 5, message, details });
}

/**
 * A small HTTP server on loopback in front of an emulator that passes every request through, except those a rule
 * matches: they get the rule's answer instead, as a proxy, a gateway or a login page in between would give it. For
 * tests of what the client makes of answers that are not the service's.
 */
export class AnswerRewriter {
  /** `METHOD path` of every request answered by a rule, in order. */
  readonly rewritten: string[] = [];
  private rules: { rule: RewriteRule; left: number }[] = [];

  private constructor(
    private readonly server: Server,
    private readonly upstream: URL,
    readonly url: string,
  ) {}

  /** Starts one on a port the system chooses, passing requests on to `upstream` (an emulator's URL). */
  static async start(upstream: string): Promise<AnswerRewriter> {
    let rewriter: AnswerRewriter | undefined;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => rewriter!.answer(request, Buffer.concat(chunks), response));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    rewriter = new AnswerRewriter(server, new URL(upstream), url);
    return rewriter;
  }

  /** Adds a rule; rules are tried in the order they were added. */
  rewrite(rule: RewriteRule): void {
    this.rules.push({ rule, left: rule.times ?? Number.POSITIVE_INFINITY });
  }

  /** Drops every rule and forgets what was rewritten: requests pass through again. */
  clear(): void {
    this.rules = [];
    this.rewritten.length = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private answer(request: IncomingMessage, body: Buffer, response: ServerResponse): void {
    const method = request.method ?? "GET";
    const path = (request.url ?? "/").split("?")[0]!;
    const match = this.rules.find(
      ({ rule, left }) =>
        left > 0 && (rule.method === undefined || rule.method === method) && path.startsWith(rule.pathPrefix),
    );
    if (match) {
      match.left -= 1;
      this.rewritten.push(`${method} ${path}`);
      const { status, headers, body: text } = match.rule.answer;
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(text ?? "");
      return;
    }
    const upstream = httpRequest(
      {
        host: this.upstream.hostname,
        port: this.upstream.port,
        method,
        path: request.url,
        headers: { ...request.headers, host: this.upstream.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.destroy());
    upstream.end(body);
  }
}
