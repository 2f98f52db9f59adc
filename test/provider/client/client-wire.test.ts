/**
 * What the client puts on the wire, seen by a bare local HTTP server: the parts the emulator's
 * request log does not show (headers, raw bodies, concurrency) and answers it would never give.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { IdgovClient } from "../../../provider/client/client";
import { resolveProviderConfig } from "../../../provider/client/config";
import { IdgovNotFoundError, IdgovResponseSchemaError, IdgovTransportError } from "../../../provider/errors";
import { packageVersion } from "../../../provider/version";
import { appKind } from "../../../provider/kinds/app";
import { FAST_RETRIES, rejectionOf } from "./harness";

const version = packageVersion();

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

type Responder = (seen: Seen, response: ServerResponse) => void;

const servers: Server[] = [];
const clients: IdgovClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Starts a server that records every request and answers with `respond`. */
async function startWireServer(respond: Responder) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      seen.push(entry);
      respond(entry, response);
    });
  });
  const connections = { opened: 0 };
  server.on("connection", () => (connections.opened += 1));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, connections };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json", "x-request-id": "wire-req-1" });
  response.end(JSON.stringify(body));
}

function clientFor(url: string, env: Record<string, string>, options = FAST_RETRIES): IdgovClient {
  const client = new IdgovClient(resolveProviderConfig(undefined, { IDGOV_BASE_URL: url, ...env }), options);
  clients.push(client);
  return client;
}

describe("the wire", () => {
  it("sends accept, user-agent, bearer token and JSON bodies; DELETE sends {} and GET no body", async () => {
    const server = await startWireServer((_seen, response) => json(response, 200, {}));
    const client = clientFor(server.url, { IDGOV_ACCESS_TOKEN: "wire-token" });
    await client.request({
      method: "GET",
      path: "/api/v1/apps",
      query: { page_size: 10, skip: undefined, on: true },
    });
    await client.request({ method: "POST", path: "/api/v1/apps", body: { displayName: "x" } });
    await client.request({ method: "DELETE", path: "/api/v1/apps/a1" });

    expect(server.seen.map(({ method, url, body }) => [method, url, body])).toEqual([
      ["GET", "/api/v1/apps?page_size=10&on=true", ""],
      ["POST", "/api/v1/apps", '{"displayName":"x"}'],
      ["DELETE", "/api/v1/apps/a1", "{}"],
    ]);
    for (const { headers } of server.seen) {
      expect(headers).toMatchObject({
        accept: "application/json",
        "user-agent": `pulumi-idgov/${version}`,
        authorization: "Bearer wire-token",
      });
    }
    expect(server.seen[0]?.headers["content-type"]).toBeUndefined();
    expect(server.seen[1]?.headers["content-type"]).toBe("application/json");
  });

  it("reuses its connections for DELETEs, which carry a body (undici would close one after each)", async () => {
    const server = await startWireServer((_seen, response) => json(response, 200, {}));
    const client = clientFor(server.url, { IDGOV_ACCESS_TOKEN: "wire-token" });
    const ids = ["a1", "a2", "a3", "a4", "a5", "a6"];
    for (const id of ids) await client.request({ method: "DELETE", path: `/api/v1/apps/${id}` });

    expect(server.seen.map(({ method, body }) => [method, body])).toEqual(ids.map(() => ["DELETE", "{}"]));
    // The pool may open a second connection while the first is handed back; one per DELETE would be 6.
    expect(server.connections.opened).toBeLessThanOrEqual(2);
  });

  it("keeps a token it fetched itself out of an error that echoes it", async () => {
    const issued = "issued-token-xyz-123";
    const server = await startWireServer((seen, response) => {
      if (seen.url === "/auth/v1/token") json(response, 200, { access_token: issued, expires_in: 3600 });
      else
        json(response, 404, {
          code: 5,
          message: `no app for ${seen.headers.authorization}; token ${issued}`,
        });
    });
    const client = clientFor(server.url, { IDGOV_CLIENT_ID: "ci", IDGOV_CLIENT_SECRET: "cs-secret" });
    const error = await rejectionOf(client.request({ method: "GET", path: "/api/v1/apps/a1" }));

    expect(error).toBeInstanceOf(IdgovNotFoundError);
    expect(error.message).toBe(
      "GET /api/v1/apps/a1: 404 NOT_FOUND: no app for Bearer [REDACTED]; token [REDACTED] (request id wire-req-1)",
    );
    for (const text of [String(error), JSON.stringify(error), inspect(error), error.stack ?? ""]) {
      expect(text).not.toContain(issued);
    }
    expect(server.seen[0]?.headers.authorization).toBeUndefined();
    expect(server.seen[0]?.body).toBe("grant_type=client_credentials&client_id=ci&client_secret=cs-secret");
  });

  it("fails a read whose live object breaks its schema as IdgovResponseSchemaError naming the request", async () => {
    const server = await startWireServer((_seen, response) =>
      json(response, 200, { app: { id: "a1", displayName: 42 } }),
    );
    const client = clientFor(server.url, { IDGOV_ACCESS_TOKEN: "wire-token" });
    const error = await rejectionOf(appKind.api.get(client, "a1"));

    expect(error).toBeInstanceOf(IdgovResponseSchemaError);
    expect(error).toMatchObject({ method: "GET", path: "/api/v1/apps/a1", requestId: "wire-req-1" });
    expect(error.message).toContain("displayName");
  });

  it("throws IdgovResponseSchemaError for a 200 whose body is not JSON", async () => {
    const server = await startWireServer((_seen, response) => response.writeHead(200).end("<html>ok</html>"));
    const client = clientFor(server.url, { IDGOV_ACCESS_TOKEN: "wire-token" });
    const error = await rejectionOf(client.request({ method: "GET", path: "/api/v1/apps" }));

    expect(error).toBeInstanceOf(IdgovResponseSchemaError);
    expect(error.message).toBe(
      "GET /api/v1/apps: unexpected response: (root): the body is not JSON: " +
        `${server.url}/api/v1/apps answered a page that is not the service's (a login page, or a proxy's); ` +
        "check idgov:baseUrl (or IDGOV_BASE_URL)",
    );
  });

  it("keeps at most maxInFlight requests in flight", async () => {
    let inFlight = 0;
    let peak = 0;
    const server = await startWireServer((_seen, response) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        json(response, 200, {});
      }, 20);
    });
    const client = clientFor(server.url, { IDGOV_ACCESS_TOKEN: "wire-token", IDGOV_MAX_IN_FLIGHT: "2" });
    await Promise.all(
      Array.from({ length: 8 }, () => client.request({ method: "GET", path: "/api/v1/apps" })),
    );

    expect(server.seen).toHaveLength(8);
    expect(peak).toBe(2);
  });

  it("times out a request whose answer never comes, retrying a GET, as an ambiguous transport error", async () => {
    const server = await startWireServer(() => {});
    const client = clientFor(server.url, {
      IDGOV_ACCESS_TOKEN: "wire-token",
      IDGOV_REQUEST_TIMEOUT_MS: "100",
      IDGOV_MAX_RETRIES: "1",
    });
    const error = await rejectionOf(client.request({ method: "GET", path: "/api/v1/apps" }));

    expect(error).toBeInstanceOf(IdgovTransportError);
    expect(error).toMatchObject({ code: "UND_ERR_HEADERS_TIMEOUT", ambiguous: true });
    expect(server.seen).toHaveLength(2);
  });
});
