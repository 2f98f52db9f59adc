import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type LoggedRequest, type RunningEmulator, startEmulator } from "../../emulator";
import { apiRequests, clearRequests, setFaults } from "../../testkit/emulatorApi";
import { transcriptOf } from "../../testkit/command";
import { type ExampleStack, openExampleStack } from "../../testkit/example";

const APPS = 1_000;
const PARALLEL = 10;
/** How long after a 429 a request already in flight when it was answered may still arrive. */
const IN_FLIGHT_MARGIN_MS = 250;

let tenant: RunningEmulator;
let installed: ExampleStack;

/** The API requests that arrived while a 429 had paused the process (`Retry-After` whole seconds, at least 1). */
function sentDuringPauses(requests: readonly LoggedRequest[]): LoggedRequest[] {
  const refused = requests.filter((entry) => entry.fault === "rateLimit");
  return requests.filter((entry) =>
    refused.some((refusal) => entry.at > refusal.at + IN_FLIGHT_MARGIN_MS && entry.at < refusal.at + 1_000),
  );
}

async function refreshUnder(rateLimitPerSecond: number) {
  await setFaults(tenant, { rateLimitPerSecond });
  await clearRequests(tenant);
  const refresh = await installed.stack.runOnStack([
    "refresh",
    "--yes",
    "--skip-preview",
    "--parallel",
    String(PARALLEL),
  ]);
  const requests = (await apiRequests(tenant)).filter((entry) => entry.path.startsWith("/api/"));
  await setFaults(tenant, {});
  return { refresh, requests };
}

beforeAll(async () => {
  tenant = await startEmulator({ quiet: true });
  installed = await openExampleStack({
    example: path.join(__dirname, "rateLimit", "program"),
    tarball: inject("packageTarball"),
    binDir: inject("pulumiBinDir"),
    baseUrl: tenant.url,
    config: { "load:count": String(APPS) },
    env: { PULUMI_SKIP_CHECKPOINTS: "true" },
  });
  const up = await installed.stack.up("--parallel", "32");
  expect(up.code, transcriptOf(up)).toBe(0);
});
afterAll(async () => {
  await installed?.remove();
  await tenant?.close();
});

/** The pages of the sweep of the tenant's Apps: searches that name no ids. */
const sweepPages = (requests: readonly LoggedRequest[]) =>
  requests.filter(
    (entry) =>
      entry.path === "/api/v1/search/apps" && !("appIds" in ((entry.body as object | undefined) ?? {})),
  );

describe(`a refresh of ${APPS} Apps through the packed plugin`, () => {
  it("sends about 20 requests, as the changelog says: ten waves searched by id, then one sweep of the tenant", async () => {
    await clearRequests(tenant);
    const refresh = await installed.stack.runOnStack([
      "refresh",
      "--yes",
      "--skip-preview",
      "--parallel",
      String(PARALLEL),
    ]);
    expect(refresh.code, transcriptOf(refresh)).toBe(0);
    const requests = (await apiRequests(tenant)).filter((entry) => entry.path.startsWith("/api/"));
    const lines = requests.map(
      (entry) => `${entry.method} ${entry.path} ${JSON.stringify(entry.body ?? null)}`,
    );
    // The tenant holds the 1,000 Apps and the seed's few: eleven pages of 100.
    expect(sweepPages(requests).length, lines.join("\n")).toBeGreaterThanOrEqual(10);
    expect(sweepPages(requests).length, lines.join("\n")).toBeLessThanOrEqual(11);
    expect(requests.length, lines.join("\n")).toBeGreaterThanOrEqual(18);
    expect(requests.length, lines.join("\n")).toBeLessThanOrEqual(26);
  });
});

describe(`a refresh of ${APPS} Apps through the packed plugin under a tenant's rate limit`, () => {
  it("at 50 requests a second: no failure, reads coalesced (at most N / parallelism + 5 requests)", async () => {
    const { refresh, requests } = await refreshUnder(50);
    expect(refresh.code, transcriptOf(refresh)).toBe(0);
    expect(refresh.stdout).not.toMatch(/error/i);
    expect(requests.filter((entry) => entry.status !== 200 && entry.fault !== "rateLimit")).toEqual([]);
    expect(requests.filter((entry) => entry.path === "/api/v1/search/apps").length).toBeGreaterThan(0);
    const sent = requests.map(
      (entry) => `${entry.method} ${entry.path.startsWith("/api/v1/apps/") ? "app" : entry.path}`,
    );
    const counts = new Map<string, number>();
    for (const line of sent) counts.set(line, (counts.get(line) ?? 0) + 1);
    const tally = [...counts].map(([line, count]) => `${line} ×${count}`);
    expect(requests.length, tally.join(", ")).toBeLessThanOrEqual(APPS / PARALLEL + 5);
    expect(sentDuringPauses(requests)).toEqual([]);
  });

  it("at 3 requests a second, far below what it asks: every 429 pauses the process, none is sent in a pause", async () => {
    const { refresh, requests } = await refreshUnder(3);
    expect(refresh.code, transcriptOf(refresh)).toBe(0);
    expect(requests.filter((entry) => entry.fault === "rateLimit").length).toBeGreaterThan(0);
    expect(sentDuringPauses(requests)).toEqual([]);
    expect(requests.filter((entry) => entry.status !== 200 && entry.fault !== "rateLimit")).toEqual([]);
    // Pauses that stop the reads never start a second sweep: its first page (no page token) is asked once at most.
    const firstPages = sweepPages(requests).filter(
      (entry) => entry.fault === undefined && !("pageToken" in (entry.body as object)),
    );
    expect(firstPages.length).toBeLessThanOrEqual(1);
  });
});
