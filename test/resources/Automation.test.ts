import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { apiRequests, clearRequests, outOfBand } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const ctx = useProviderHost();
const appId = SEED.apps[0]!.id;
const steps = [
  {
    stepName: "notify",
    sendEmail: { subject: "Welcome", body: "hi", userRefs: [{ id: "user-0001" }] },
  },
  { stepName: "wait", waitForDuration: { duration: "3600s" } },
];
const program = {
  displayName: "Onboarding",
  appId,
  enabled: true,
  triggers: [{ userCreated: { condition: "true" } }],
  automationSteps: steps,
  circuitBreakerMax: 2,
  circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_HOUR",
};

async function createAutomation(name: string) {
  const result = await ctx.engine.up("Automation", name, program);
  if (result.action !== "create") throw new Error(`expected a create, got ${result.action}`);
  await clearRequests(ctx.emulator);
  return result.state;
}

describe("Automation in Pulumi's dynamic-provider host", () => {
  it("keeps the webhook secrets answered once at create through refreshes and updates", async () => {
    const created = await createAutomation("webhook");
    expect(created.outputs.webhookHmacSecret).toEqual(expect.any(String));
    expect(created.outputs.webhookCapabilityUrl).toEqual(expect.any(String));
    const refreshed = await ctx.engine.refresh("Automation", "webhook");
    expect(refreshed?.outputs.webhookHmacSecret).toBe(created.outputs.webhookHmacSecret);
    const updated = await ctx.engine.up("Automation", "webhook", { ...program, description: "d" });
    expect(updated.action === "update" && updated.state.outputs.webhookHmacSecret).toBe(
      created.outputs.webhookHmacSecret,
    );
    expect(refreshed?.inputs).not.toHaveProperty("webhookHmacSecret");
  });

  it("compares opaque steps independently of key order and proto3 defaults", async () => {
    await createAutomation("steps");
    const reordered = steps.map((step) => Object.fromEntries(Object.entries(step).reverse()));
    expect(
      (await ctx.engine.up("Automation", "steps", { ...program, automationSteps: reordered })).action,
    ).toBe("same");
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("changes one step with one update whose mask names automationSteps", async () => {
    const { id } = await createAutomation("one-step");
    const changed = [steps[0], { stepName: "wait", waitForDuration: { duration: "7200s" } }];
    await ctx.engine.up("Automation", "one-step", { ...program, automationSteps: changed });
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: `/api/v1/automations/${id}` }),
      expect.objectContaining({
        path: `/api/v1/automations/${id}`,
        body: { automation: { automationSteps: changed }, updateMask: "automationSteps" },
      }),
    ]);
  });

  it("shows a circuit-breaker trip as drift on enabled, with the breaker's snapshot", async () => {
    const { id } = await createAutomation("breaker");
    for (let run = 0; run < 3; run += 1)
      await outOfBand(ctx.emulator, "POST", `/api/v1/automations/${id}/execute`, {});
    const refreshed = await ctx.engine.refresh("Automation", "breaker");
    expect(refreshed?.outputs.enabled).toBeFalsy();
    expect(refreshed?.outputs.circuitBreaker).toMatchObject({
      threshold: 2,
      period: "CIRCUIT_BREAKER_PERIOD_HOUR",
    });
    expect(await ctx.engine.preview("Automation", "breaker", program)).toBe("update");
  });

  it("replaces the automation when its app changes", async () => {
    await createAutomation("move");
    expect(await ctx.engine.preview("Automation", "move", { ...program, appId: SEED.apps[1]!.id })).toBe(
      "replace",
    );
  });

  it.each([
    [{ ...program, automationSteps: [{ stepName: "nothing" }] }, "automationSteps[0]"],
    [{ ...program, automationSteps: [steps[0], { sendEmail: {}, webhook: {} }] }, "automationSteps[1]"],
    [{ ...program, circuitBreakerMax: -1 }, "circuitBreakerMax"],
  ])("fails check naming %#: the step index or field, before any request", async (invalid, property) => {
    const result = await ctx.engine.up("Automation", "invalid", invalid);
    expect(result.action === "failed-check" && result.failures.map((f) => f.property)).toContain(property);
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });
});
