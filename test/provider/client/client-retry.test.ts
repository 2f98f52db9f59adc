import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  IdgovNotFoundError,
  IdgovRateLimitError,
  IdgovServerError,
  IdgovTransportError,
  IdgovValidationError,
} from "../../../provider/errors";
import { apiPath } from "../../../provider/client/paths";
import { closedPort, rejectionOf, startHarness, type Harness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

const listApps = { method: "GET", path: "/api/v1/apps" } as const;
const createApp = (displayName: string) =>
  ({ method: "POST", path: "/api/v1/apps", body: { displayName } }) as const;

/** A client whose sleeps are recorded instead of waited, and whose jitter draws are 0 unless `random` says. */
function recordingClient(retryPolicy = {}, random = () => 0) {
  const waits: number[] = [];
  const client = harness.client({}, { retryPolicy, random, sleep: async (ms) => void waits.push(ms) });
  return { client, waits };
}

/** Lines of the request log for API calls only (the token request left out). */
async function apiLines(): Promise<string[]> {
  return (await harness.requestLines()).filter((line) => !line.includes("/auth/"));
}

async function appNamesLike(prefix: string): Promise<string[]> {
  const client = harness.client();
  const names: string[] = [];
  for await (const app of client.paginate<{ displayName: string }>({
    ...listApps,
    itemsKey: "list",
    pageSize: 100,
  })) {
    if (app.displayName.startsWith(prefix)) names.push(app.displayName);
  }
  return names;
}

describe("retries of idempotent requests", () => {
  it("retries a GET rate-limited twice, waiting the Retry-After each time", async () => {
    await harness.faults({ retryAfterSeconds: 2, script: [{ fault: "429", pathPrefix: "/api/", times: 2 }] });
    const { client, waits } = recordingClient();
    await client.request(listApps);

    expect(await apiLines()).toEqual([
      "GET /api/v1/apps 429",
      "GET /api/v1/apps 429",
      "GET /api/v1/apps 200",
    ]);
    expect(waits).toEqual([2_000, 2_000]);
    expect(client.stats).toMatchObject({ requests: 3, retries: 2 });
  });

  it("really waits the Retry-After with the default sleep", async () => {
    await harness.faults({ retryAfterSeconds: 1, script: [{ fault: "503", pathPrefix: "/api/" }] });
    const client = harness.client({}, {});
    await client.request(listApps);

    expect(await apiLines()).toEqual(["GET /api/v1/apps 503", "GET /api/v1/apps 200"]);
    // The service saw the retry a second after the refused attempt (a timer may fire a millisecond early).
    const [refused, retried] = (await harness.requests()).filter((entry) => entry.path.startsWith("/api/"));
    expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(990);
  });

  it("retries a GET after 500, 503 and a reset connection, backing off with jitter", async () => {
    await harness.faults({
      script: [
        { fault: "500", pathPrefix: "/api/" },
        { fault: "reset", pathPrefix: "/api/" },
        { fault: "503", pathPrefix: "/api/" },
      ],
    });
    const { client, waits } = recordingClient({ baseDelayMs: 100 });
    await client.request(listApps);

    expect(await apiLines()).toEqual([
      "GET /api/v1/apps 500",
      "GET /api/v1/apps 0",
      "GET /api/v1/apps 503",
      "GET /api/v1/apps 200",
    ]);
    expect(waits[0]).toBeLessThan(100);
    expect(waits[1]).toBeLessThan(200);
  });

  it("gives up after maxRetries retries of a failure with the last error", async () => {
    await harness.faults({ script: [{ fault: "503", pathPrefix: "/api/", times: 10 }] });
    const { client } = recordingClient({ maxRetries: 2 });
    const error = await rejectionOf(client.request(listApps));

    expect(error).toBeInstanceOf(IdgovServerError);
    expect((error as IdgovServerError).retryAfterMs).toBe(1_000);
    expect(await apiLines()).toEqual(Array(3).fill("GET /api/v1/apps 503"));
  });

  it("waits out 429s up to maxRateLimitRetries, whatever maxRetries says, then gives up with the last one", async () => {
    await harness.faults({
      retryAfterSeconds: 0,
      script: [{ fault: "429", pathPrefix: "/api/", times: 30 }],
    });
    const { client } = recordingClient({ maxRetries: 1, maxRateLimitRetries: 7 });
    const error = await rejectionOf(client.request(listApps));

    expect(error).toBeInstanceOf(IdgovRateLimitError);
    expect(await apiLines()).toEqual(Array(8).fill("GET /api/v1/apps 429"));
  });

  it("lengthens a Retry-After wait by up to half of it, at random, so refused requests do not return together", async () => {
    await harness.faults({ retryAfterSeconds: 2, script: [{ fault: "429", pathPrefix: "/api/", times: 2 }] });
    const draws = [0.5, 0.999];
    const { client, waits } = recordingClient({}, () => draws.shift() ?? 0);
    await client.request(listApps);

    expect(waits).toEqual([2_500, 2_999]);
  });

  it("retries a masked update marked idempotent after a 503", async () => {
    const { client } = recordingClient();
    const { app } = await client.request<{ app: { id: string } }>(createApp("retry-update"));
    await harness.faults({ script: [{ fault: "503", method: "POST", pathPrefix: "/api/v1/apps/" }] });
    await client.request({
      method: "POST",
      path: apiPath`/api/v1/apps/${app.id}`,
      body: { app: { displayName: "retry-updated" }, updateMask: "displayName" },
      idempotent: true,
    });

    expect((await apiLines()).slice(1)).toEqual([
      `POST /api/v1/apps/${app.id} 503`,
      `POST /api/v1/apps/${app.id} 200`,
    ]);
  });
});

describe("answers that are never retried", () => {
  it("sends a 400 once, even when the request is idempotent", async () => {
    const { client } = recordingClient();
    const error = await rejectionOf(client.request({ ...createApp(""), idempotent: true }));

    expect(error).toBeInstanceOf(IdgovValidationError);
    expect(await apiLines()).toEqual(["POST /api/v1/apps 400"]);
  });

  it("sends a GET answered 404 once", async () => {
    const { client } = recordingClient();
    const error = await rejectionOf(
      client.request({ method: "GET", path: apiPath`/api/v1/apps/${"missing"}` }),
    );

    expect(error).toBeInstanceOf(IdgovNotFoundError);
    expect(await apiLines()).toEqual(["GET /api/v1/apps/missing 404"]);
  });
});

describe("creates (non-idempotent POSTs)", () => {
  it("retries a create answered 429: the service did not execute it", async () => {
    await harness.faults({ script: [{ fault: "429", method: "POST", pathPrefix: "/api/v1/apps" }] });
    const { client } = recordingClient();
    await client.request(createApp("created-after-429"));

    expect(await apiLines()).toEqual(["POST /api/v1/apps 429", "POST /api/v1/apps 200"]);
    expect(await appNamesLike("created-after-429")).toEqual(["created-after-429"]);
  });

  it("throws an ambiguous IdgovTransportError, without resending, when the answer to a create is lost", async () => {
    await harness.faults({
      script: [{ fault: "dropAfterCommit", method: "POST", pathPrefix: "/api/v1/apps" }],
    });
    const { client } = recordingClient();
    const error = await rejectionOf(client.request(createApp("created-then-dropped")));

    expect(error).toBeInstanceOf(IdgovTransportError);
    expect((error as IdgovTransportError).ambiguous).toBe(true);
    expect(error.message).toMatch(
      /^POST \/api\/v1\/apps \(127\.0\.0\.1:\d+\): .+; the request may have reached the service and been executed$/,
    );
    expect(await apiLines()).toEqual(["POST /api/v1/apps 200"]);
    expect(await appNamesLike("created-then-dropped")).toEqual(["created-then-dropped"]);
  });

  it.each([
    ["500", "POST /api/v1/apps 500"],
    ["503", "POST /api/v1/apps 503"],
    ["reset", "POST /api/v1/apps 0"],
  ] as const)("does not resend a create after a %s", async (fault, line) => {
    await harness.faults({ script: [{ fault, method: "POST", pathPrefix: "/api/v1/apps" }] });
    const { client } = recordingClient();
    const error = await rejectionOf(client.request(createApp("not-resent")));

    expect(error).toBeInstanceOf(fault === "reset" ? IdgovTransportError : IdgovServerError);
    expect(await apiLines()).toEqual([line]);
  });

  it("resends a create whose connection was refused, then reports it as not executed", async () => {
    const port = await closedPort();
    const waits: number[] = [];
    const client = harness.client(
      { baseUrl: `http://127.0.0.1:${port}`, accessToken: "unused-token" },
      { retryPolicy: { maxRetries: 2 }, sleep: async (ms) => void waits.push(ms) },
    );
    const error = await rejectionOf(client.request(createApp("never-sent")));

    expect(error).toBeInstanceOf(IdgovTransportError);
    expect(error).toMatchObject({ code: "ECONNREFUSED", ambiguous: false });
    expect(error.message).toBe(
      `POST /api/v1/apps (127.0.0.1:${port}): connection refused (ECONNREFUSED); ` +
        "the request did not reach the service; " +
        `nothing has answered at http://127.0.0.1:${port} in this run: check idgov:baseUrl (or IDGOV_BASE_URL) ` +
        "and that the service is running",
    );
    expect(client.stats).toMatchObject({ requests: 3, retries: 2 });
    expect(waits).toHaveLength(2);
  });
});

describe("retries the engine makes itself (a create resent once nothing was found)", () => {
  it("allows maxRetries retries, waiting a 429's Retry-After or a jittered backoff, then refuses", async () => {
    const { client, waits } = recordingClient({ maxRetries: 3, maxRateLimitRetries: 3, baseDelayMs: 100 });
    await harness.faults({
      retryAfterSeconds: 4,
      script: [{ fault: "429", pathPrefix: "/api/", times: 10 }],
    });
    const rateLimited = await rejectionOf(client.request({ ...listApps, idempotent: false }));
    waits.length = 0;
    const retriesBefore = client.stats.retries;
    const server = new IdgovServerError({ ...serverErrorDetails, status: 500 });
    const unavailable = new IdgovServerError({ ...serverErrorDetails, status: 503, retryAfterMs: 2_000 });

    expect([
      await client.waitToRetry(0, rateLimited),
      await client.waitToRetry(1, server),
      await client.waitToRetry(2, unavailable),
      await client.waitToRetry(3, server),
    ]).toEqual([true, true, true, false]);
    expect(waits[0]).toBe(4_000);
    expect(waits[1]).toBeLessThan(200);
    expect(waits[2]).toBe(2_000);
    expect(waits).toHaveLength(3);
    expect(client.stats.retries - retriesBefore).toBe(3);
  });
});

describe("waiting for a request that may still be running", () => {
  it("waits one request timeout after a timed-out answer or a 504, and not after other failures", async () => {
    const waits: number[] = [];
    const client = harness.client({ requestTimeoutMs: 1234 }, { sleep: async (ms) => void waits.push(ms) });
    const timeout = (code: string) =>
      new IdgovTransportError({ method: "POST", path: "/api/v1/apps", code, reason: "x", ambiguous: true });
    const looks = [
      await client.waitForRunningRequest(timeout("UND_ERR_HEADERS_TIMEOUT")),
      await client.waitForRunningRequest(new IdgovServerError({ ...serverErrorDetails, status: 504 })),
      await client.waitForRunningRequest(timeout("ECONNRESET")),
      await client.waitForRunningRequest(new IdgovServerError({ ...serverErrorDetails, status: 500 })),
    ];
    expect(waits).toEqual([1234, 1234]);
    expect(looks).toEqual([true, true, true, true]);
  });

  it("looks again after a timeout with doubling waits until the retry budget is spent, and only once otherwise", async () => {
    const waits: number[] = [];
    let now = 0;
    const client = harness.client(
      { requestTimeoutMs: 1000, retryBudgetMs: 10_000 },
      { sleep: async (ms) => void waits.push(ms), now: () => now },
    );
    const timedOut = new IdgovTransportError({
      method: "POST",
      path: "/api/v1/apps",
      code: "UND_ERR_HEADERS_TIMEOUT",
      reason: "x",
      ambiguous: true,
    });
    const looks: boolean[] = [];
    for (let lookup = 0; lookup < 6; lookup += 1) {
      looks.push(await client.waitForRunningRequest(timedOut, lookup, 0));
      now = 1000 + waits.reduce((sum, wait) => sum + wait, 0);
    }
    expect(waits).toEqual([1000, 2000, 4000, 2000]);
    expect(looks).toEqual([true, true, true, true, false, false]);
    const reset = new IdgovServerError({ ...serverErrorDetails, status: 500 });
    expect([
      await client.waitForRunningRequest(reset, 0),
      await client.waitForRunningRequest(reset, 1),
    ]).toEqual([true, false]);
  });
});

const serverErrorDetails = {
  grpcCode: 14,
  grpcStatus: "UNAVAILABLE",
  serverMessage: "service temporarily unavailable",
  method: "POST",
  path: "/api/v1/apps",
  requestId: undefined,
};
