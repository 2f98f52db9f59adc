import { describe, expect, it } from "vitest";
import { answerViolations } from "../../emulator/model/check";
import { operationNamed, schemaNamed } from "../../emulator/model/document";
import { checkRequestValue } from "../../emulator/model/request";
import { shapeAnswer } from "../../emulator/model/shape";
import { useEmulator } from "../support/emulatorSuite";

const suite = useEmulator();
const app = schemaNamed("App");
const scope = schemaNamed("AccessReviewScopeV2");

describe("answers as the service writes them (reference 1.1)", () => {
  it("fills every non-oneof field with its unset value and leaves unset oneof members out", () => {
    const shaped = shapeAnswer(scope, { allUsers: {}, grantsByCriteria: { daysSinceAdded: "60s" } }) as any;
    expect(shaped).toEqual({
      allUsers: {},
      grantsByCriteria: {
        daysSinceAdded: "60s",
        accessProfileFilter: null,
        daysSinceLastUsed: null,
        sourceFilter: "GRANT_SOURCE_FILTER_UNSPECIFIED",
        typeFilter: "GRANT_FILTER_TYPE_UNSPECIFIED",
      },
      principalTypeFilter: "PRINCIPAL_TYPE_FILTER_UNSPECIFIED",
      scopeRoleSelection: null,
    });
    expect(answerViolations(scope, shaped)).toEqual([]);
    const appAnswer = shapeAnswer(app, { displayName: "x" }) as Record<string, unknown>;
    expect(appAnswer).toMatchObject({ fieldMask: null, userCount: "0", monthlyCostUsd: 0, appOwners: [] });
    expect(appAnswer).toMatchObject({ annotations: {}, accessModel: "APP_ACCESS_MODEL_UNSPECIFIED" });
  });
});

describe("the answer check", () => {
  const valid = shapeAnswer(app, { id: "a", displayName: "x" }) as Record<string, unknown>;

  it.each([
    ["a missing field", { ...valid, description: undefined }, "description: missing"],
    [
      "null for a scalar",
      { ...valid, description: null },
      "description: null where the service writes a zero value",
    ],
    ["a field the document does not list", { ...valid, colour: "red" }, "colour: not in the document"],
    [
      "a fraction in an int32",
      { ...valid, monthlyCostUsd: 12.5 },
      "monthlyCostUsd: expected an integer (int32)",
    ],
    ["a number for an int64", { ...valid, userCount: 3 }, "userCount: expected string"],
    ["an enum name without its prefix", { ...valid, accessModel: "HYBRID" }, "accessModel: unknown value"],
    ["a non-UTC timestamp", { ...valid, createdAt: "2026-01-01T10:00:00+02:00" }, "createdAt: "],
  ])("reports %s", (_name, answer, expected) => {
    const violations = answerViolations(app, JSON.parse(JSON.stringify(answer)));
    expect(violations).toHaveLength(1);
    expect(violations[0]).toContain(expected);
  });

  it("reports an unset oneof member written as null and two members of one group", () => {
    const shaped = shapeAnswer(scope, {}) as Record<string, unknown>;
    expect(answerViolations(scope, { ...shaped, allUsers: null })).toEqual([
      "allUsers: null (an unset oneof member is left out)",
    ]);
    expect(answerViolations(scope, { ...shaped, allUsers: {}, selectedUsers: { userIds: [] } })).toEqual([
      ": oneof users_scope has allUsers and selectedUsers",
    ]);
  });

  it("accepts an enum member the document does not list when it carries the enum's prefix", () => {
    expect(answerViolations(app, { ...valid, accessModel: "APP_ACCESS_MODEL_FUTURE" })).toEqual([]);
  });

  it("passes the seeded tenant's answers to the main reads", async () => {
    {
      for (const [operation, path] of [
        ["appList", "/api/v1/apps?page_size=100"],
        ["catalogList", "/api/v1/catalogs"],
        ["authConfigList", "/api/v1/auth-configs"],
        ["ssoGet", "/api/v1/settings/sso"],
        ["sessionSettingsGet", "/api/v1/settings/session"],
      ] as const) {
        const answer = await suite.api.get(path);
        expect([path, answerViolations(operationNamed(operation).response ?? {}, answer.body)]).toEqual([
          path,
          [],
        ]);
      }
    }
  });
});

describe("request checks from the document", () => {
  const create = operationNamed("appCreate").request ?? {};

  it.each([
    [{ displayName: "x", monthlyCostUsd: 2 ** 31 }, "monthlyCostUsd: must be at most 2147483647 (int32)"],
    [{ displayName: "x", connectorVersion: 1 }, "connectorVersion: unrecognized field"],
    [{ displayName: "x", identityMatching: "STRICT" }, "identityMatching: unknown value"],
    [{ displayName: "x", owners: "user-1" }, "owners: expected array"],
  ])("refuses %j naming the field", (body, expected) => {
    const { issues } = checkRequestValue(create, body);
    expect(issues.map(({ path, rule }) => `${path}: ${rule}`).join("; ")).toContain(expected);
  });

  it("reads null as unset and answers durations and timestamps canonically", () => {
    const node = schemaNamed("GrantsByCriteriaScope");
    expect(checkRequestValue(node, { daysSinceAdded: "60.500s", daysSinceLastUsed: null }).value).toEqual({
      daysSinceAdded: "60.5s",
    });
  });
});
