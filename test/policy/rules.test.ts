import { describe, expect, it } from "vitest";
import { appApproval, appOwners } from "../../policy/rules/app";
import { requiredAnnotations } from "../../policy/rules/annotations";
import { automationCircuitBreaker } from "../../policy/rules/automation";
import { catalogVisibility } from "../../policy/rules/catalog";
import { secretsFromConfig } from "../../policy/rules/secrets";
import { sessionLength, ssoEnforced } from "../../policy/rules/settings";
import { stackContextFromEnv } from "../../policy/adapter";
import { UNKNOWN, violations } from "./harness";

const APP = "idgov:index:App";
const DYNAMIC_APP = "pulumi-nodejs:dynamic/idgov:App";

describe("idgov-app-owners", () => {
  it.each([
    [{ owners: ["u1"] }, {}, []],
    [
      {},
      {},
      [
        `App "subject": owners has 0 owners, fewer than the 1 that idgov-app-owners asks for. To comply with idgov-app-owners: list at least 1 user id in owners (listAppOwners, idgov:index:listAppOwners in the SDKs, lists an app's owners with their user ids).`,
      ],
    ],
    [
      { owners: ["u1"] },
      { minOwners: 2 },
      [
        `App "subject": owners has 1 owner, fewer than the 2 that idgov-app-owners asks for. To comply with idgov-app-owners: list at least 2 user ids in owners (listAppOwners, idgov:index:listAppOwners in the SDKs, lists an app's owners with their user ids).`,
      ],
    ],
    [{ owners: [] }, { minOwners: 0 }, []],
  ])("owners %j under %j: %j", (props, config, expected) => {
    expect(violations(appOwners, APP, props, { config })).toEqual(expected);
  });

  it("judges the dynamic class's App, and no other dynamic provider's resource", () => {
    expect(violations(appOwners, DYNAMIC_APP, {})).toHaveLength(1);
    expect(violations(appOwners, "pulumi-nodejs:dynamic:Resource", {})).toEqual([]);
    expect(violations(appOwners, "pulumi-nodejs:dynamic/other:App", {})).toEqual([]);
    expect(violations(appOwners, "idgov:index:RequestCatalog", {})).toEqual([]);
  });

  it("says it cannot judge owners unknown during preview", () => {
    expect(violations(appOwners, APP, { owners: UNKNOWN })).toEqual([
      'App "subject": owners is not known during preview (another resource\'s output), so idgov-app-owners cannot judge it. To comply with idgov-app-owners: give owners a value known at preview (a literal, stack config or a lookup), or set idgov-app-owners to advisory.',
    ]);
  });
});

describe("idgov-app-approval", () => {
  it.each([
    [{ grantPolicyId: "p1" }, {}, []],
    [{ grantPolicyId: "" }, {}, ["grantPolicyId"]],
    [{ grantPolicyId: "p1" }, { requireRevokePolicy: true }, ["revokePolicyId"]],
    [{ grantPolicyId: "p1", revokePolicyId: "p2" }, { requireRevokePolicy: true }, []],
    [{}, { requireRevokePolicy: true }, ["grantPolicyId", "revokePolicyId"]],
  ])("%j under %j flags %j", (props, config, properties) => {
    const found = violations(appApproval, APP, props, { config });
    expect(found.map((message) => /^App "subject": (\S+)/.exec(message)?.[1])).toEqual(properties);
    for (const message of found) expect(message).toContain("To comply with idgov-app-approval: set ");
  });
});

describe("idgov-catalog-visibility", () => {
  const CATALOG = "idgov:index:RequestCatalog";
  it.each([
    [{ displayName: "Starter kit", visibleToEveryone: false }, [], 0],
    [{ displayName: "Starter kit" }, [], 0],
    [{ displayName: "Starter kit", visibleToEveryone: true }, [], 1],
    [{ displayName: "Starter kit", visibleToEveryone: true }, ["Starter kit"], 0],
    [{ displayName: "Other", visibleToEveryone: true }, ["subject"], 0],
    [{ displayName: "Starter kit", visibleToEveryone: UNKNOWN }, ["Starter kit"], 1],
  ])("%j with publicCatalogs %j: %i violations", (props, publicCatalogs, count) => {
    expect(violations(catalogVisibility, CATALOG, props, { config: { publicCatalogs } })).toHaveLength(count);
  });

  it("names the catalog and how to comply", () => {
    expect(violations(catalogVisibility, CATALOG, { displayName: "Kit", visibleToEveryone: true })).toEqual([
      `RequestCatalog "subject": visibleToEveryone is true, and "Kit" is not in idgov-catalog-visibility's publicCatalogs. To comply with idgov-catalog-visibility: set visibleToEveryone to false, or add the catalog's displayName to publicCatalogs in the policy config.`,
    ]);
  });
});

describe("idgov-session-length", () => {
  const SESSION = "idgov:index:SessionSettings";
  it.each([
    ["8h", undefined, 0],
    ["12h", undefined, 0],
    ["43200s", undefined, 0],
    ["720m", undefined, 0],
    ["12h1s", undefined, 1],
    ["1d", undefined, 1],
    ["1d", "24h", 0],
    ["90m", "1h30m", 0],
    ["91m", "1h30m", 1],
  ])("maxSessionLength %s with the limit %s: %i violations", (value, limit, count) => {
    const config = limit === undefined ? {} : { maxSessionLength: limit };
    expect(violations(sessionLength, SESSION, { maxSessionLength: value }, { config })).toHaveLength(count);
  });

  it("leaves settings that do not set it alone, and refuses a limit that is no duration", () => {
    expect(violations(sessionLength, SESSION, {})).toEqual([]);
    expect(() => violations(sessionLength, SESSION, {}, { config: { maxSessionLength: "12" } })).toThrow(
      'idgov-session-length: the parameter maxSessionLength must be a duration such as "12h", "90m", "1h30m" or "43200s" (got "12")',
    );
  });
});

describe("idgov-sso-enforced", () => {
  it.each([
    [{ enabled: true }, 0],
    [{}, 0],
    [{ enabled: false }, 1],
    [{ enabled: UNKNOWN }, 1],
  ])("%j: %i violations", (props, count) => {
    expect(violations(ssoEnforced, "idgov:index:SsoSettings", props)).toHaveLength(count);
  });
});

describe("idgov-required-annotations", () => {
  it.each([
    [APP, { annotations: { team: "a", cost: "b" } }, []],
    [APP, { annotations: { team: "a" } }, ["annotations.cost"]],
    [APP, {}, ["annotations.team", "annotations.cost"]],
    ["idgov:index:Automation", { annotations: { team: "", cost: "b" } }, ["annotations.team"]],
    ["idgov:index:AuthConfig", {}, []],
    ["idgov:index:SessionSettings", {}, []],
  ])("%s %j misses %j", (type, props, properties) => {
    const found = violations(requiredAnnotations, type, props, { config: { keys: ["team", "cost"] } });
    expect(found.map((message) => /^\S+ "subject": (\S+)/.exec(message)?.[1])).toEqual(properties);
  });

  it("asks nothing when no keys are configured", () => {
    expect(violations(requiredAnnotations, APP, {})).toEqual([]);
  });
});

describe("idgov-secrets-from-config", () => {
  const stack = { configValues: new Set(["from-config"]), configKnown: true };
  it.each([
    ["idgov:index:AuthConfig", { providerClient: { oidcClientSecret: "from-config" } }, []],
    ["idgov:index:AuthConfig", { oidc: { oidcClientSecret: "hunter2" } }, ["oidc.oidcClientSecret"]],
    [
      "pulumi-nodejs:dynamic/idgov:AuthConfig",
      { providerDomainA: { oidcClientSecret: "x" } },
      ["providerDomainA.oidcClientSecret"],
    ],
    [
      "idgov:index:AuthConfig",
      { providerClient: { oidcClientSecret: UNKNOWN } },
      ["providerClient.oidcClientSecret"],
    ],
    ["pulumi:providers:idgov", { clientSecret: "hunter2" }, ["clientSecret"]],
    ["pulumi:providers:idgov", { clientSecret: "from-config", accessToken: "tok" }, ["accessToken"]],
    ["pulumi:providers:aws", { clientSecret: "hunter2" }, []],
  ])("%s %j flags %j", (type, props, properties) => {
    const found = violations(secretsFromConfig, type, props, { stack });
    expect(found.map((message) => /^\S+ "subject": (\S+)/.exec(message)?.[1])).toEqual(properties);
    for (const message of found) expect(message).not.toContain("hunter2");
  });
});

describe("idgov-automation-circuit-breaker", () => {
  const AUTOMATION = "idgov:index:Automation";
  it.each([
    [{ enabled: false }, []],
    [{}, []],
    [{ enabled: true, circuitBreakerMax: 10, circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_DAY" }, []],
    [{ enabled: true }, ["circuitBreakerMax", "circuitBreakerPeriod"]],
    [
      { enabled: true, circuitBreakerMax: 5, circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_UNSPECIFIED" },
      ["circuitBreakerPeriod"],
    ],
  ])("%j flags %j", (props, properties) => {
    const found = violations(automationCircuitBreaker, AUTOMATION, props);
    expect(found.map((message) => /^\S+ "subject": (\S+)/.exec(message)?.[1])).toEqual(properties);
  });
});

describe("the stack's configuration as the pack reads it", () => {
  it("reads PULUMI_CONFIG's values, and knows when the CLI gave none", () => {
    const given = stackContextFromEnv({ PULUMI_CONFIG: '{"idgov:clientSecret":"s3cret","proj:n":"7"}' });
    expect([...given.configValues]).toEqual(["s3cret", "7"]);
    expect(given.configKnown).toBe(true);
    expect(stackContextFromEnv({}).configKnown).toBe(false);
  });

  it("says a client secret cannot be told from a literal when the CLI gave no configuration", () => {
    const stack = stackContextFromEnv({});
    expect(
      violations(secretsFromConfig, "idgov:index:AuthConfig", { oidc: { oidcClientSecret: "x" } }, { stack }),
    ).toEqual([
      'AuthConfig "subject": oidc.oidcClientSecret cannot be told from a literal: this Pulumi CLI gave the policy pack no stack configuration (idgov-secrets-from-config). To comply with idgov-secrets-from-config: run the pack with a Pulumi CLI whose Node.js host passes policy packs the stack\'s configuration (v3.248.0 does).',
    ]);
  });
});
