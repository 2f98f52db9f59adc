import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdgovClient } from "../../../provider/client/client";
import { resolveProviderConfig } from "../../../provider/client/config";
import { IdgovApiError } from "../../../provider/errors";
import { CLIENT_ID, CLIENT_SECRET, rejectionOf } from "./harness";

const listApps = { method: "GET", path: "/api/v1/apps", operation: "list App" } as const;

/** Some other web server: every path answers 404 with a page of HTML, and each request is counted. */
let server: http.Server;
let origin: string;
let requests = 0;
const clients: IdgovClient[] = [];

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    requests += 1;
    response.writeHead(404, { "content-type": "text/html" }).end("<html><body>Not Found</body></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await new Promise((resolve) => server.close(resolve));
});

function clientFor(env: Record<string, string>): IdgovClient {
  const config = resolveProviderConfig(undefined, {
    IDGOV_CLIENT_ID: CLIENT_ID,
    IDGOV_CLIENT_SECRET: CLIENT_SECRET,
    ...env,
  });
  const client = new IdgovClient(config);
  clients.push(client);
  return client;
}

describe("a token endpoint that answers 404 (the address points at some other web server)", () => {
  it("fails at once naming the host and idgov:baseUrl, never the secret, with one request", async () => {
    requests = 0;
    const error = await rejectionOf(clientFor({ IDGOV_BASE_URL: `${origin}/console` }).request(listApps));
    expect(error).toBeInstanceOf(IdgovApiError);
    expect(error).toMatchObject({ status: 404 });
    expect(error.message).toContain(
      `no token endpoint at ${origin}/console/auth/v1/token: the server at ${new URL(origin).host} is not the ` +
        "Identity Governance Service's; check idgov:baseUrl (or IDGOV_BASE_URL)",
    );
    expect(error.message).toMatch(
      /^list App: POST \/console\/auth\/v1\/token: 404 NOT_FOUND: no token endpoint/,
    );
    expect(error.message).not.toContain(CLIENT_SECRET);
    expect(requests).toBe(1);
  });

  it("names idgov:tokenUrl when the token endpoint is set apart", async () => {
    const tokenUrl = `${origin}/oauth/token`;
    const error = await rejectionOf(
      clientFor({ IDGOV_BASE_URL: "http://127.0.0.1:9", IDGOV_TOKEN_URL: tokenUrl }).request(listApps),
    );
    expect(error.message).toContain(
      `no token endpoint at ${tokenUrl}: the server at ${new URL(origin).host}`,
    );
    expect(error.message).toContain("check idgov:tokenUrl (or IDGOV_TOKEN_URL)");
  });
});
