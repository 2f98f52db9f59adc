import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator/index";
import { useEmulator } from "../support/emulatorSuite";

const suite = useEmulator();

const step = (name: string) => ({
  stepName: name,
  sendEmail: { subject: "Access changed", userIdsCel: "[subject.id]" },
});

describe("automation create", () => {
  it("answers the webhook capability URL and HMAC secret once, and never on read", async () => {
    const created = await suite.api.post("/api/v1/automations", {
      displayName: "Notify",
      enabled: true,
      triggers: [{ webhook: {} }],
      automationSteps: [step("one")],
      context: { context: { anything: { nested: [1, 2] } } },
    });
    expect(created.status).toBe(200);
    expect(created.body.webhookCapabilityUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/webhooks\/automations\//,
    );
    expect(created.body.webhookHmacSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.body.automation).toMatchObject({
      currentVersion: "1",
      primaryTriggerType: "TRIGGER_TYPE_WEBHOOK",
      context: { context: { anything: { nested: [1, 2] } } },
      lastExecutedAt: null,
    });
    expect("circuitBreaker" in created.body.automation).toBe(false);
    const read = await suite.api.get(`/api/v1/automations/${created.body.automation.id}`);
    expect(Object.keys(read.body)).toEqual(["automation"]);
  });

  it.each([
    [
      { automationSteps: [{ stepName: "x" }] },
      "invalid body: automationSteps[0]: a step must set exactly one member of oneof kind (none set)",
    ],
    [
      { automationSteps: [{ sendEmail: {}, webhook: {} }] },
      "invalid body: automationSteps[0]: at most one of createAccessReview, waitForDuration, unenrollFromAllAccessProfiles, createRevokeTasks, createRevokeTasksV2, sendEmail, removeFromDelegation, runAutomation, updateUser, taskAction, webhook, connectorAction, connectorCreateAccount, grantEntitlements, sendChatMessage, callFunction, accountLifecycleAction, generatePassword, evaluateExpressions, setCredential, storeCredential may be set (got: sendEmail, webhook)",
    ],
    [{ circuitBreakerMax: -1 }, "invalid body: circuitBreakerMax: must be 0 or more (uint32)"],
    [{ appId: "app-nope" }, 'invalid body: appId: app "app-nope" not found'],
    [{ currentVersion: "4" }, "invalid body: currentVersion: unrecognized field"],
  ])("answers 400 naming the field for %j", async (body, message) => {
    const answer = await suite.api.post("/api/v1/automations", { displayName: "x", ...body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 3, message, details: [] });
  });
});

describe("automation update and publishing", () => {
  it("publishes a draft: draft steps and triggers move over, isDraft goes false, the version goes up", async () => {
    const [draftId] = SEED.automations.draft;
    const answer = await suite.api.post(`/api/v1/automations/${draftId}`, {
      automation: { isDraft: false },
      updateMask: "isDraft",
    });
    expect(answer.body.automation).toMatchObject({
      isDraft: false,
      currentVersion: "1",
      automationSteps: [
        { stepName: "review", createAccessReview: { accessReviewTemplateId: "contractors" } },
      ],
      draftAutomationSteps: [],
      triggers: [{ schedule: { cronSpec: "0 9 1 */3 *", timezone: "UTC" } }],
      draftTriggers: [],
      primaryTriggerType: "TRIGGER_TYPE_SCHEDULE",
    });
  });

  it("carries a trigger type the spec does not list", async () => {
    const answer = await suite.api.get("/api/v1/automations/auto-draft-grant-audit");
    expect(answer.body.automation.primaryTriggerType).toBe("TRIGGER_TYPE_AGENT_EVENT");
  });

  it.each([
    [
      "circuitBreaker",
      'invalid update_mask: path "circuitBreaker" is read-only: POST /api/v1/automations/{id}/circuit_breaker/clear clears it',
    ],
    [
      "currentVersion",
      'invalid update_mask: path "currentVersion" is read-only: it goes up by one when the automation is published',
    ],
    [
      "circuit_breaker_max",
      'invalid update_mask: path "circuit_breaker_max" must be lowerCamelCase (write "circuitBreakerMax")',
    ],
  ])("answers 400 for the mask %s", async (updateMask, message) => {
    const answer = await suite.api.post("/api/v1/automations/auto-webhook-sync", {
      automation: {},
      updateMask,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it("answers 404 after delete and for a second delete", async () => {
    expect((await suite.api.delete("/api/v1/automations/auto-webhook-sync")).status).toBe(200);
    expect((await suite.api.get("/api/v1/automations/auto-webhook-sync")).status).toBe(404);
    expect((await suite.api.delete("/api/v1/automations/auto-webhook-sync")).status).toBe(404);
  });
});

describe("automation circuit breaker", () => {
  const id = SEED.automations.withCircuitBreaker;

  it("disables the automation and fills circuitBreaker once executions exceed circuitBreakerMax", async () => {
    for (let run = 0; run < 3; run += 1) {
      const answer = await suite.api.post(`/api/v1/automations/${id}/execute`, {
        context: { context: { run } },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.executionId).toMatch(/^\d+$/);
    }
    expect((await suite.api.get(`/api/v1/automations/${id}`)).body.automation.enabled).toBe(true);
    expect((await suite.api.post(`/api/v1/automations/${id}/execute`, {})).status).toBe(200);
    const tripped = (await suite.api.get(`/api/v1/automations/${id}`)).body.automation;
    expect(tripped.enabled).toBe(false);
    expect(tripped.circuitBreaker).toEqual({
      observedCount: 4,
      period: "CIRCUIT_BREAKER_PERIOD_HOUR",
      threshold: 3,
      trippedAt: tripped.lastExecutedAt,
    });
  });

  it.each([
    [SEED.automations.tripped, "is disabled"],
    [SEED.automations.draft[0], "is a draft: publish it first"],
  ])("answers 400 INVALID_ARGUMENT (code 3) for an execution of %s, which %s", async (id, reason) => {
    const answer = await suite.api.post(`/api/v1/automations/${id}/execute`, {});
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 3, message: `automation "${id}" ${reason}`, details: [] });
  });

  it("re-enables the automation and clears the snapshot on circuit_breaker/clear", async () => {
    const cleared = await suite.api.post(
      `/api/v1/automations/${SEED.automations.tripped}/circuit_breaker/clear`,
      {},
    );
    expect(cleared.body).toEqual({ bulkActionId: expect.stringMatching(/^[a-z][0-9A-Za-z]{26}$/) });
    const read = (await suite.api.get(`/api/v1/automations/${SEED.automations.tripped}`)).body.automation;
    expect(read.enabled).toBe(true);
    expect("circuitBreaker" in read).toBe(false);
    expect((await suite.api.post(`/api/v1/automations/${SEED.automations.tripped}/execute`, {})).status).toBe(
      200,
    );
  });

  it("never trips when circuitBreakerMax is 0", async () => {
    const created = await suite.api.post("/api/v1/automations", { displayName: "No breaker", enabled: true });
    for (let run = 0; run < 12; run += 1)
      await suite.api.post(`/api/v1/automations/${created.body.automation.id}/execute`, {});
    expect(
      (await suite.api.get(`/api/v1/automations/${created.body.automation.id}`)).body.automation.enabled,
    ).toBe(true);
  });
});
