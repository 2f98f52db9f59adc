/**
 * Servers that misbehave on purpose, on loopback: an answer that trickles, answers far larger than any real one, a
 * field nobody knows carrying megabytes, a `Retry-After` of an hour. Every wait is bounded and so is memory.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { IdgovClient, type ClientOptions } from "../../../provider/client/client";
import { resolveProviderConfig } from "../../../provider/client/config";
import { IdgovTransportError } from "../../../provider/errors";
import { kindNamed } from "../../../provider/kinds";
import { printFigures } from "../../reliability/support/figures";
import { FAST_RETRIES, rejectionOf } from "./harness";

const servers: Server[] = [];
const clients: IdgovClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

function clientFor(url: string, env: Record<string, string> = {}, options: ClientOptions = FAST_RETRIES) {
  const config = resolveProviderConfig(undefined, {
    IDGOV_BASE_URL: url,
    IDGOV_ACCESS_TOKEN: "t0ken",
    ...env,
  });
  const client = new IdgovClient(config, options);
  clients.push(client);
  return client;
}

describe("a hostile server", () => {
  it("that trickles one byte every 100 ms is cut off at the attempt deadline, not kept alive by each chunk", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      const timer = setInterval(() => response.write(" "), 100);
      response.on("close", () => clearInterval(timer));
    });
    const client = clientFor(server.url, {
      IDGOV_REQUEST_TIMEOUT_MS: "1000",
      IDGOV_ATTEMPT_TIMEOUT_MS: "1500",
      IDGOV_MAX_RETRIES: "0",
    });
    const started = Date.now();
    const error = await rejectionOf(
      client.request({ method: "GET", path: "/api/v1/apps/a1", operation: "read App a1" }),
    );
    const elapsedMs = Date.now() - started;
    printFigures("trickling answer", {
      attemptTimeoutMs: 1500,
      requestTimeoutMs: 1000,
      failedAfterMs: elapsedMs,
    });

    expect(error).toBeInstanceOf(IdgovTransportError);
    expect(error.message).toBe(
      `read App a1 (${new URL(server.url).host}): no complete answer within the attempt deadline of 1500 ms (IDGOV_ATTEMPT_DEADLINE); the request may have reached the service and been executed`,
    );
  });

  it("that declares a 400 MB answer fails at once, naming the operation, and is not retried", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, {
        "content-type": "application/json",
        "content-length": String(400 * 1024 * 1024),
      });
      response.write("{");
    });
    const client = clientFor(server.url, { IDGOV_MAX_RETRIES: "3" });
    const error = await rejectionOf(
      client.request({ method: "GET", path: "/api/v1/apps", operation: "list App" }),
    );
    expect(error.message).toBe(
      `list App (${new URL(server.url).host}): the answer is larger than idgov:maxResponseBytes (16777216 bytes) (IDGOV_RESPONSE_TOO_LARGE); the request may have reached the service and been executed`,
    );
    expect(server.hits).toEqual(["GET /api/v1/apps"]);
  });

  it("that streams 400 MB without a length is read no further than the cap, in bounded memory", async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sentBytes = 0;
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      const pump = () => {
        while (sentBytes < 400 * 1024 * 1024) {
          sentBytes += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        response.end();
      };
      response.on("error", () => {});
      pump();
    });
    const client = clientFor(server.url, {
      IDGOV_MAX_RESPONSE_BYTES: String(1024 * 1024),
      IDGOV_MAX_RETRIES: "3",
    });
    const rssBefore = process.memoryUsage().rss;
    const error = await rejectionOf(
      client.request({ method: "GET", path: "/api/v1/apps", operation: "list App" }),
    );
    const rssGrowthMb = Math.round((process.memoryUsage().rss - rssBefore) / 1024 / 1024);
    printFigures("400 MB answer, 1 MiB cap", {
      serverSentMb: Math.round(sentBytes / 1024 / 1024),
      rssGrowthMb,
    });

    expect((error as IdgovTransportError).code).toBe("IDGOV_RESPONSE_TOO_LARGE");
    expect(server.hits).toHaveLength(1);
    expect(sentBytes).toBeLessThan(64 * 1024 * 1024);
    expect(rssGrowthMb).toBeLessThan(64);
  });

  it("that adds 10 MB in fields nobody knows gets none of it into the live object", async () => {
    const bulk = "x".repeat(5 * 1024 * 1024);
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          app: { id: "a1", displayName: "Payroll", futureBulk: bulk, matchConnectorRef: { future: bulk } },
        }),
      );
    });
    const live = await kindNamed("App").api.get(clientFor(server.url), "a1");
    expect(live?.fields.displayName).toBe("Payroll");
    expect(JSON.stringify(live).length).toBeLessThan(10_000);
  });

  it("that asks to come back in an hour is waited for 30 s at most per wait", async () => {
    let calls = 0;
    const server = await serve((_request, response) => {
      calls += 1;
      if (calls === 1) {
        response.writeHead(429, { "content-type": "application/json", "retry-after": "3600" });
        response.end(JSON.stringify({ code: 8, message: "slow down" }));
      } else {
        response.writeHead(200, { "content-type": "application/json" });
        response.end("{}");
      }
    });
    const waits: number[] = [];
    const client = clientFor(server.url, {}, { sleep: async (ms) => void waits.push(ms) });
    await client.request({ method: "GET", path: "/api/v1/apps" });
    expect(waits).toEqual([30_000]);
  });
});
