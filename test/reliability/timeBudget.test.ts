import { beforeAll, describe, expect, it } from "vitest";
import { clearRequests, setFaults, stackConfig } from "../../testkit/emulatorApi";
import { useProviderHost } from "../resources/harness/setup";
import { emulatorLog, faultFigures, printFigures } from "./support/figures";
import { failureOf, withFaults } from "./support/steps";

const BUDGET_MS = 6_000;
const ctx = useProviderHost();
/** Every API request answered 500 (no `Retry-After`: the backoff alone spaces the attempts). */
const DOWN = { rates: { "500": 1 } };

beforeAll(async () => {
  // The harness caps retries at 2 for speed; here the budget alone decides, as it does by default.
  const { "idgov:maxRetries": _count, ...config } = stackConfig(ctx.emulator);
  await ctx.host.configure({ ...config, "idgov:retryBudgetMs": String(BUDGET_MS) });
});

/** When each API attempt reached the service, in epoch ms, by the emulator's log. */
async function apiAttemptTimes(): Promise<number[]> {
  return (await emulatorLog(ctx.emulator))
    .filter((request) => request.path.startsWith("/api/"))
    .map((request) => request.at);
}

describe("a retry budget measured in time", () => {
  it("rides out an outage shorter than the budget, however many attempts it takes", async () => {
    const created = await ctx.engine.up("App", "outage", { displayName: "Outage" });
    await setFaults(ctx.emulator, DOWN);
    const outage = setTimeout(() => void setFaults(ctx.emulator, {}), BUDGET_MS / 4);
    const refreshed = await ctx.engine.refresh("App", "outage").finally(() => clearTimeout(outage));
    const log = await emulatorLog(ctx.emulator);
    printFigures(`App read through a ${BUDGET_MS / 4} ms outage, budget ${BUDGET_MS} ms`, faultFigures(log));

    expect(refreshed?.id).toBe(created.action === "create" ? created.state.id : "(no create)");
    expect(log.filter((request) => request.status === 500).length).toBeGreaterThan(2);
  });

  it("gives up once the budget is spent, not after a count of retries", async () => {
    await ctx.engine.up("App", "spent", { displayName: "Spent" });
    await clearRequests(ctx.emulator);
    const error = await withFaults(ctx.emulator, DOWN, () => failureOf(ctx.engine.refresh("App", "spent")));
    const times = await apiAttemptTimes();
    const spanMs = times.length === 0 ? 0 : times[times.length - 1]! - times[0]!;
    printFigures(`App read against a service down for good, budget ${BUDGET_MS} ms`, {
      attempts: times.length,
      spanMs,
    });

    expect(error.message).toMatch(/^read App spent: 500 INTERNAL/);
    expect(times.length).toBeGreaterThan(3);
    // The service saw the attempts go on well past a few quick retries, and none after the budget ran out (the last
    // one's delivery aside: its send is within the budget, its arrival a moment later on a busy machine).
    expect(spanMs).toBeGreaterThan(BUDGET_MS / 4);
    expect(spanMs).toBeLessThan(BUDGET_MS + 1_000);
  });
});
