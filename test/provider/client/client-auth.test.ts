import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IdgovAuthError } from "../../../provider/errors";
import { CLIENT_ID, rejectionOf, startHarness, type Harness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

const listApps = { method: "GET", path: "/api/v1/apps" } as const;

describe("client-credentials authentication", () => {
  it("fetches one token for many concurrent calls, with the credentials in the form body", async () => {
    const client = harness.client();
    await Promise.all(Array.from({ length: 8 }, () => client.request(listApps)));
    await client.request(listApps);

    const requests = await harness.requests();
    const tokenRequests = requests.filter((entry) => entry.path === "/auth/v1/token");
    expect(tokenRequests).toEqual([
      {
        method: "POST",
        path: "/auth/v1/token",
        query: {},
        body: { grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: "[redacted]" },
        status: 200,
        requestId: expect.any(String),
        at: expect.any(Number),
      },
    ]);
    expect(requests.filter((entry) => entry.path === "/api/v1/apps").map((entry) => entry.status)).toEqual(
      Array(9).fill(200),
    );
    expect(client.stats).toEqual({ requests: 9, retries: 0, tokenRequests: 1 });
  });

  it("renews an expired token once on a 401 and retries the call", async () => {
    const frozenClock = Date.now();
    const client = harness.client({}, { sleep: async () => {}, now: () => frozenClock });
    await client.request(listApps);
    // The token runs out at the service while the client's clock says it is still good.
    await fetch(`${harness.url}/__emulator/expire-tokens`, { method: "POST" });
    await client.request(listApps);

    expect(await harness.requestLines()).toEqual([
      "POST /auth/v1/token 200",
      "GET /api/v1/apps 200",
      "GET /api/v1/apps 401",
      "POST /auth/v1/token 200",
      "GET /api/v1/apps 200",
    ]);
    expect(client.stats).toEqual({ requests: 3, retries: 1, tokenRequests: 2 });
  });

  it("renews a token shortly before it expires without waiting for a 401", async () => {
    await harness.faults({ tokenTtlSeconds: 100 });
    let clock = Date.now();
    const client = harness.client({}, { sleep: async () => {}, now: () => clock });
    await client.request(listApps);
    clock += 91_000;
    await client.request(listApps);

    expect(await harness.requestLines()).toEqual([
      "POST /auth/v1/token 200",
      "GET /api/v1/apps 200",
      "POST /auth/v1/token 200",
      "GET /api/v1/apps 200",
    ]);
  });

  it("reports rejected client credentials as IdgovAuthError without the secret, and does not retry", async () => {
    const secret = "wrong-secret-4711";
    const client = harness.client({ clientSecret: secret });
    const error = await rejectionOf(client.request(listApps));

    expect(error).toBeInstanceOf(IdgovAuthError);
    expect(error.message).toMatch(
      /^POST \/auth\/v1\/token: 401 UNAUTHENTICATED: client credentials were rejected \(request id \S+\)$/,
    );
    for (const text of [
      error.message,
      String(error),
      JSON.stringify(error),
      inspect(error),
      error.stack ?? "",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(await harness.requestLines()).toEqual(["POST /auth/v1/token 401"]);
  });
});

describe("static access token", () => {
  it("surfaces a 401 as IdgovAuthError: a static token cannot be renewed", async () => {
    const token = "static-token-not-issued";
    const client = harness.staticTokenClient(token);
    const error = await rejectionOf(client.request(listApps));

    expect(error).toBeInstanceOf(IdgovAuthError);
    expect(error.message).toMatch(
      /^GET \/api\/v1\/apps: 401 UNAUTHENTICATED: invalid access token \(request id \S+\)$/,
    );
    expect(await harness.requestLines()).toEqual(["GET /api/v1/apps 401"]);
  });

  it("is used as given, without a token request", async () => {
    const issued = await fetch(`${harness.url}/auth/v1/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials&client_id=idgov-emulator&client_secret=emulator-secret",
    });
    const { access_token: token } = (await issued.json()) as { access_token: string };
    await harness.reset();
    const client = harness.staticTokenClient(token);
    await client.request(listApps);

    expect(await harness.requestLines()).toEqual(["GET /api/v1/apps 200"]);
  });

  it("is replaced through client credentials when both are set and the token is rejected", async () => {
    const client = harness.client({ accessToken: "stale-token-0000" });
    await client.request(listApps);

    expect(await harness.requestLines()).toEqual([
      "GET /api/v1/apps 401",
      "POST /auth/v1/token 200",
      "GET /api/v1/apps 200",
    ]);
  });
});
