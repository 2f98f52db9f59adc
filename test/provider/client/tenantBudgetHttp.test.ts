import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../../emulator";
import { sleep } from "../../../provider/client/retry";
import { startHarness, type Harness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

/** How long after a 429 a request still in flight when it was answered may arrive. */
const IN_FLIGHT_MARGIN_MS = 200;

/** The API requests that arrived while a 429 (Retry-After: 1, the emulator's bucket) had paused the client. */
function sentDuringPauses(requests: readonly LoggedRequest[]): LoggedRequest[] {
  const refused = requests.filter((entry) => entry.fault === "rateLimit");
  return requests.filter((entry) =>
    refused.some((refusal) => entry.at > refusal.at + IN_FLIGHT_MARGIN_MS && entry.at < refusal.at + 1_000),
  );
}

async function apiRequests(): Promise<LoggedRequest[]> {
  return (await harness.requests()).filter((entry) => entry.path.startsWith("/api/"));
}

describe("a tenant's API budget over HTTP", () => {
  it("a 429 pauses every request of the client until its Retry-After: none fails, none is sent in the pause", async () => {
    const client = harness.client({ maxInFlight: 16 }, { retryPolicy: { retryAfterJitter: 0 }, sleep });
    await harness.faults({ rateLimitPerSecond: 50 });
    const reads = await Promise.all(
      Array.from({ length: 150 }, () => client.request({ method: "GET", path: "/api/v1/apps/app-aws" })),
    );
    expect(reads).toHaveLength(150);
    const requests = await apiRequests();
    expect(requests.filter((entry) => entry.fault === "rateLimit").length).toBeGreaterThan(0);
    expect(sentDuringPauses(requests)).toEqual([]);
    expect(client.budget.stats.pauses).toBeGreaterThan(0);
  }, 30_000);

  it("maxRequestsPerSecond paces the client below the tenant's limit: no 429 at all", async () => {
    const client = harness.client({ maxInFlight: 16, maxRequestsPerSecond: 40 }, { sleep });
    await harness.faults({ rateLimitPerSecond: 50 });
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 100 }, () => client.request({ method: "GET", path: "/api/v1/apps/app-aws" })),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_400);
    expect((await apiRequests()).filter((entry) => entry.status === 429)).toEqual([]);
  }, 30_000);
});
