import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulatorSuite";
import { SEED } from "../../emulator/index";

const suite = useEmulator();

describe("parallel writes lose nothing", () => {
  it("keeps all of 100 apps created at once, each with its own id", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        suite.api.post("/api/v1/apps", { displayName: `Burst ${index}` }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const ids = new Set(answers.map((answer) => answer.body.app.id));
    expect(ids.size).toBe(100);
    const listed: string[] = [];
    let token = "";
    do {
      const page = await suite.api.get(`/api/v1/apps?page_size=100&page_token=${token}`);
      listed.push(...page.body.list.map((app: { id: string }) => app.id));
      token = page.body.nextPageToken;
    } while (token !== "");
    expect(listed).toHaveLength(SEED.apps.length + 100);
    expect([...ids].every((id) => listed.includes(id))).toBe(true);
  });

  it("keeps every key of 15 annotation updates sent to one app at once", async () => {
    await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        suite.api.post("/api/v1/apps/app-aws", {
          app: { annotations: { [`key${index}`]: `v${index}` } },
          updateMask: "annotations",
        }),
      ),
    );
    const annotations = (await suite.api.get("/api/v1/apps/app-aws")).body.app.annotations;
    expect(Object.keys(annotations).sort()).toEqual(
      ["environment", ...Array.from({ length: 15 }, (_, index) => `key${index}`)].sort(),
    );
  });

  it("binds every entitlement of 9 visibility-binding calls sent to one catalog at once", async () => {
    const teams = Array.from(
      { length: 9 },
      (_, index) => `ent-github-team-${String(index + 1).padStart(2, "0")}`,
    );
    await Promise.all(
      teams.map((id) =>
        suite.api.post("/api/v1/catalogs/cat-sales-onboarding/visibility_bindings", {
          accessEntitlements: [{ appId: "app-github", id }],
        }),
      ),
    );
    const catalog = (await suite.api.get("/api/v1/catalogs/cat-sales-onboarding")).body.requestCatalogView
      .requestCatalog;
    expect(catalog.accessEntitlements.map((entitlement: { id: string }) => entitlement.id).sort()).toEqual(
      ["ent-salesforce-sales-user", ...teams].sort(),
    );
  });

  it("counts every one of 20 executions sent at once: the sixth trips a breaker of 5", async () => {
    const id = SEED.automations.withCircuitBreaker;
    await suite.api.post(`/api/v1/automations/${id}`, {
      automation: { circuitBreakerMax: 5 },
      updateMask: "circuitBreakerMax",
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => suite.api.post(`/api/v1/automations/${id}/execute`, {})),
    );
    const executed = answers.filter((answer) => answer.status === 200);
    expect(executed).toHaveLength(6);
    expect(new Set(executed.map((answer) => answer.body.executionId)).size).toBe(6);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(14);
    const automation = (await suite.api.get(`/api/v1/automations/${id}`)).body.automation;
    expect(automation).toMatchObject({ enabled: false, circuitBreaker: { observedCount: 6, threshold: 5 } });
  });
});
