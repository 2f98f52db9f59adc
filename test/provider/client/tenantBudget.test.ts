import { describe, expect, it } from "vitest";
import { TenantBudget } from "../../../provider/client/tenantBudget";

/** A budget on a fake clock: sleeping moves the clock, and every send is recorded at its instant. */
function fakeBudget(maxRequestsPerSecond?: number) {
  let clock = 1_000_000;
  const sent: number[] = [];
  const budget = new TenantBudget({
    maxRequestsPerSecond,
    jitter: 0,
    random: () => 0,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  });
  return {
    budget,
    sent,
    advance: (ms: number) => (clock += ms),
    now: () => clock,
    send: async () => {
      await budget.beforeSend();
      sent.push(clock);
    },
  };
}

describe("a tenant's API budget", () => {
  it("sends at once when there is neither a pause nor a pace", async () => {
    const fake = fakeBudget();
    await fake.send();
    await fake.send();
    expect(fake.sent).toEqual([1_000_000, 1_000_000]);
  });

  it("holds every request until the time a 429's Retry-After names", async () => {
    const fake = fakeBudget();
    fake.budget.pause(2_000);
    await fake.send();
    expect(fake.sent).toEqual([1_002_000]);
    expect(fake.budget.stats).toMatchObject({ pauses: 1, heldByPause: 1 });
  });

  it("pauses one second for a 429 without Retry-After", async () => {
    const fake = fakeBudget();
    fake.budget.pause(undefined);
    await fake.send();
    expect(fake.sent).toEqual([1_001_000]);
  });

  it("keeps the later of two pauses, never shortens one", async () => {
    const fake = fakeBudget();
    fake.budget.pause(3_000);
    fake.budget.pause(1_000);
    expect(fake.budget.pausedUntilMs).toBe(1_003_000);
  });

  it("paces requests at maxRequestsPerSecond, and starts the pace again after a pause", async () => {
    const fake = fakeBudget(4);
    for (let index = 0; index < 3; index += 1) await fake.send();
    expect(fake.sent).toEqual([1_000_000, 1_000_250, 1_000_500]);
    fake.budget.pause(1_000);
    await fake.send();
    await fake.send();
    expect(fake.sent.slice(3)).toEqual([1_001_500, 1_001_750]);
  });
});
