import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdgovClient } from "../../../provider/client/client";
import { resolveProviderConfig } from "../../../provider/client/config";
import { IdgovTransportError } from "../../../provider/errors";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { CLIENT_ID, CLIENT_SECRET, closedPort, rejectionOf, startHarness, type Harness } from "./harness";

/** The promise to a user who got the address wrong or left the service stopped: an error within 15 s. */
const PROMISED_MS = 15_000;
const listApps = { method: "GET", path: "/api/v1/apps", operation: "list App" } as const;

let harness: Harness;
const clients: IdgovClient[] = [];

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await harness.close();
});

/** A client with the default retry policy, configured by `IDGOV_*` variables. */
function clientFor(env: Record<string, string>, options: ConstructorParameters<typeof IdgovClient>[1] = {}) {
  const config = resolveProviderConfig(undefined, {
    IDGOV_CLIENT_ID: CLIENT_ID,
    IDGOV_CLIENT_SECRET: CLIENT_SECRET,
    ...env,
  });
  const client = new IdgovClient(config, options);
  clients.push(client);
  return client;
}

/**
 * The error of one API call of a client with the default retry policy, on a clock that runs only while the client
 * waits between attempts (the attempts themselves, refused at once, take no time): the waits it chose before
 * reporting, added up.
 */
async function timedFailure(env: Record<string, string>): Promise<{ error: Error; elapsedMs: number }> {
  const startedAt = Date.now();
  let now = startedAt;
  const client = clientFor(env, {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  });
  const error = await rejectionOf(client.request(listApps));
  return { error, elapsedMs: now - startedAt };
}

describe("a tenant that never answered in this run", () => {
  it("a refused connection fails within 15 s, naming the address and idgov:baseUrl", async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    const { error, elapsedMs } = await timedFailure({ IDGOV_BASE_URL: baseUrl });
    console.log(`[unreachable] refused connection reported after ${elapsedMs} ms of waits`);

    expect(error).toBeInstanceOf(IdgovTransportError);
    expect(error).toMatchObject({ code: "ECONNREFUSED", ambiguous: false });
    expect(error.message).toContain(
      `nothing has answered at ${baseUrl} in this run: check idgov:baseUrl (or IDGOV_BASE_URL)`,
    );
    expect(error.message).toMatch(/^list App: POST \/auth\/v1\/token /);
    expect(error.message).not.toContain(CLIENT_SECRET);
    expect(elapsedMs).toBeLessThan(PROMISED_MS);
  });

  it("a host name that does not resolve fails within 15 s, naming the address and idgov:baseUrl", async () => {
    const baseUrl = "http://idgov-tenant.invalid";
    const { error, elapsedMs } = await timedFailure({ IDGOV_BASE_URL: baseUrl });
    console.log(`[unreachable] unresolvable host name reported after ${elapsedMs} ms of waits`);

    expect(error).toBeInstanceOf(IdgovTransportError);
    expect(["ENOTFOUND", "EAI_AGAIN"]).toContain((error as IdgovTransportError).code);
    expect(error.message).toContain(`nothing has answered at ${baseUrl} in this run: check idgov:baseUrl`);
    expect(error.message).not.toContain(CLIENT_SECRET);
    expect(elapsedMs).toBeLessThan(PROMISED_MS);
  });

  it("a token endpoint set apart and refusing names idgov:tokenUrl, not the base URL that works", async () => {
    const tokenUrl = `http://127.0.0.1:${await closedPort()}/oauth/token`;
    const { error, elapsedMs } = await timedFailure({
      IDGOV_BASE_URL: harness.url,
      IDGOV_TOKEN_URL: tokenUrl,
    });

    expect(error.message).toContain(
      `nothing has answered at ${new URL(tokenUrl).origin} in this run: check idgov:tokenUrl (or IDGOV_TOKEN_URL)`,
    );
    expect(error.message).not.toContain(CLIENT_SECRET);
    expect(elapsedMs).toBeLessThan(PROMISED_MS);
  });
});

describe("a tenant that goes away in the middle of a run", () => {
  let emulator: RunningEmulator | undefined;
  afterAll(() => emulator?.close());

  it("is ridden out within the retry budget, however short the budget before it first answered", async () => {
    emulator = await startEmulator({ quiet: true });
    const { port } = emulator;
    // The short budget made shorter than the outage: only the whole budget rides it out.
    const client = clientFor(
      { IDGOV_BASE_URL: emulator.url },
      { retryPolicy: { unreachableBudgetMs: 300, retryBudgetMs: 20_000, maxDelayMs: 500 } },
    );
    await client.request(listApps);
    await emulator.close();
    const outageMs = 2_000;
    const restarted = new Promise<RunningEmulator>((resolve) =>
      setTimeout(() => resolve(startEmulator({ quiet: true, port })), outageMs),
    );
    const startedAt = Date.now();
    const answer = await client.request<{ list: unknown[] }>(listApps);
    emulator = await restarted;

    expect(answer.list.length).toBeGreaterThan(0);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(outageMs - 100);
    expect(client.stats.retries).toBeGreaterThan(1);
  });
});
