import { describe, expect, it } from "vitest";
import { SEED } from "../emulator";
import type { Props } from "./harness/plugin";
import { useNativePlugin } from "./harness/setup";

const ctx = useNativePlugin();

/** A program of each kind that creates (or, for tenant settings, adopts) an object. */
const PROGRAMS: readonly [string, Props][] = [
  [
    "App",
    {
      displayName: "Imported app",
      description: "d",
      appUserMapper: { mappingCases: [{ appUserKeyCel: "a", userKeyCel: "u" }] },
    },
  ],
  [
    "Automation",
    {
      displayName: "Onboarding",
      appId: SEED.apps[0]!.id,
      enabled: true,
      triggers: [{ userCreated: { condition: "true" } }],
      automationSteps: [{ stepName: "wait", waitForDuration: { duration: "3600s" } }],
      circuitBreakerMax: 2,
      circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_HOUR",
    },
  ],
  [
    "AuthConfig",
    {
      displayName: "Acme SSO",
      bootstrapDomains: ["acme.example.com"],
      oidc: {
        issuerId: "https://login.acme.example.com",
        oidcClientId: "idgov",
        oidcClientSecret: "oidc-secret-1",
        scopes: ["openid"],
      },
    },
  ],
  ["SsoSettings", { enabled: true, defaultAssertionLifetime: "10m" }],
  ["SessionSettings", { maxSessionLength: "12h" }],
  ["RequestCatalog", { displayName: "Engineering", published: true }],
  [
    "XaaSettings",
    {
      enabled: true,
      defaultGrantLifetime: "90m",
      enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256", "XAA_SIGNING_ALGORITHM_RS256"],
    },
  ],
  ["AppResource", { ...SEED.resourceType, displayName: "acme/api", description: "the API" }],
  [
    "AccessReviewScope",
    {
      accessReviewId: SEED.emptyAccessReviewId,
      scopeV2: { allUsers: {} },
      entitlements: [{ appId: "app-github", appEntitlementId: "ent-github-org-admin" }],
    },
  ],
];

describe("pulumi-resource-idgov: every kind imported by id answers inputs that check and diff clean", () => {
  it.each(PROGRAMS)("%s", async (kind, program) => {
    const type = `idgov:index:${kind}`;
    const checked = await ctx.plugin.check(type, "original", program);
    expect(checked.failures).toEqual([]);
    const created = await ctx.plugin.create(type, "original", checked.inputs);
    // Imported under the name that stamped it, as after `pulumi state delete`: another name is refused.
    const imported = await ctx.plugin.read(type, "original", created.id, {});
    expect(imported.id).toBe(created.id);
    const rechecked = await ctx.plugin.check(type, "original", imported.inputs ?? {});
    expect(rechecked.failures).toEqual([]);
    const diff = await ctx.plugin.diff(
      type,
      "original",
      created.id,
      imported.outputs,
      rechecked.inputs,
      imported.inputs,
    );
    expect(diff).toMatchObject({ changes: "none", detailedDiff: {} });
  });
});
