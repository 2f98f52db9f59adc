import { describe, expect, it } from "vitest";
import { sharedConnection } from "../../provider/client/sharedClient";
import {
  decodeProps,
  type EngineContext,
  liveInputsOf,
  managedFieldTable,
  updateResource,
} from "../../provider/engine";
import { kindNamed } from "../../provider/kinds";
import { SEED } from "../../emulator";
import { EMULATOR_CREDENTIALS } from "../../testkit/emulatorApi";
import { type Props, revealed } from "../../testkit/nativePlugin";
import { useNativePlugin } from "./harness/setup";

const ctx = useNativePlugin();

/**
 * One kind: a program that sets the fields it manages (every list, set, map, nested message and side field among
 * them), and, for each field, another value someone could give it in the console after the import.
 */
interface ImportCase {
  readonly program: Props;
  readonly changes: Props;
}

const CASES: Readonly<Record<string, ImportCase>> = {
  App: {
    program: {
      displayName: "Imported app",
      description: "d",
      instructions: "ask in #iam",
      iconUrl: "https://icons.example.com/app.png",
      appUserMapper: { mappingCases: [{ appUserKeyCel: "a", userKeyCel: "u" }] },
      isManuallyManaged: true,
      monthlyCostUsd: 12,
      identityMatching: "APP_USER_IDENTITY_MATCHING_STRICT",
    },
    changes: {
      displayName: "Renamed app",
      description: "e",
      instructions: "ask in #help",
      iconUrl: "https://icons.example.com/other.png",
      appUserMapper: { mappingCases: [{ appUserKeyCel: "b", userKeyCel: "v" }] },
      isManuallyManaged: false,
      monthlyCostUsd: 13,
      identityMatching: "APP_USER_IDENTITY_MATCHING_DISPLAY_NAME",
    },
  },
  RequestCatalog: {
    program: {
      displayName: "Engineering",
      description: "tools",
      published: true,
      requestBundle: true,
      enrollmentBehavior: "REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_ENFORCE_ENTITLEMENT_REQUEST_POLICY",
      accessEntitlements: [SEED.entitlements[0], SEED.entitlements[3]],
    },
    changes: {
      displayName: "Eng",
      description: "more tools",
      published: false,
      requestBundle: false,
      enrollmentBehavior: "REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_BYPASS_ENTITLEMENT_REQUEST_POLICY",
      accessEntitlements: [SEED.entitlements[0], SEED.entitlements[3], SEED.entitlements[4]],
    },
  },
  Automation: {
    program: {
      displayName: "Onboarding",
      description: "new joiners",
      appId: SEED.apps[0]!.id,
      enabled: true,
      triggers: [{ userCreated: { condition: "true" } }],
      automationSteps: [{ stepName: "wait", waitForDuration: { duration: "3600s" } }],
      circuitBreakerMax: 2,
      circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_HOUR",
    },
    changes: {
      displayName: "Onboarding v2",
      description: "joiners",
      enabled: false,
      triggers: [{ userCreated: { condition: "false" } }],
      automationSteps: [{ stepName: "wait", waitForDuration: { duration: "7200s" } }],
      circuitBreakerMax: 3,
      circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_DAY",
    },
  },
  AuthConfig: {
    program: {
      displayName: "Acme SSO",
      bootstrapDomains: ["acme.example.com"],
      deprecationMessage: "moving soon",
      oidc: {
        issuerId: "https://login.acme.example.com",
        oidcClientId: "idgov",
        oidcClientSecret: "oidc-secret-1",
        scopes: ["openid"],
        exactMatchClaims: { tenant: "acme" },
      },
    },
    changes: {
      displayName: "Acme SSO (old)",
      bootstrapDomains: ["acme.example.com", "corp.example.com"],
      deprecationMessage: "moving now",
      oidc: {
        issuerId: "https://login.acme.example.com",
        oidcClientId: "idgov",
        scopes: ["openid", "email"],
        exactMatchClaims: { tenant: "other" },
      },
    },
  },
  SsoSettings: {
    program: { enabled: true, defaultAssertionLifetime: "10m" },
    changes: { enabled: false, defaultAssertionLifetime: "1200s" },
  },
  XaaSettings: {
    program: {
      enabled: true,
      defaultGrantLifetime: "90m",
      enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256", "XAA_SIGNING_ALGORITHM_RS256"],
    },
    changes: {
      enabled: false,
      defaultGrantLifetime: "3600s",
      enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256"],
    },
  },
  SessionSettings: {
    program: {
      maxSessionLength: "12h",
      externalClientsEnabled: true,
      ssoAdminSource: { enabled: true, sourceCidr: ["10.0.0.0/8"] },
    },
    changes: {
      maxSessionLength: "28800s",
      externalClientsEnabled: false,
      ssoAdminSource: { enabled: true, sourceCidr: ["10.0.0.0/8", "192.168.0.0/16"] },
    },
  },
  AppResource: {
    program: {
      ...SEED.resourceType,
      displayName: "acme/api",
      description: "the API",
      customDescription: "owned by platform",
    },
    changes: { displayName: "acme/api2", description: "an API", customDescription: "owned by sre" },
  },
  AccessReviewScope: {
    program: {
      accessReviewId: SEED.emptyAccessReviewId,
      scopeV2: { allUsers: {} },
      entitlements: [{ appId: "app-github", appEntitlementId: "ent-github-org-admin" }],
    },
    changes: {
      scopeV2: { allAccounts: {} },
      entitlements: [
        { appId: "app-github", appEntitlementId: "ent-github-org-admin" },
        { appId: "app-aws", appEntitlementId: "ent-aws-admin" },
      ],
    },
  },
};

/**
 * What a user clicking in the console does: one field of the object set to `value` (in the wire's form: durations in
 * seconds), through the service's API.
 */
async function changedInTenant(kindName: string, id: string, field: string, value: unknown): Promise<void> {
  const kind = kindNamed(kindName);
  const settings: Record<string, string> = {
    "idgov:baseUrl": ctx.emulator.url,
    "idgov:clientId": EMULATOR_CREDENTIALS.clientId,
    "idgov:clientSecret": EMULATOR_CREDENTIALS.clientSecret,
  };
  const client = sharedConnection({ get: (key) => settings[key] }).client.labelled("test: the console");
  const engine: EngineContext = { client: () => client, toolVersion: "console", reservedPrefix: "c1/" };
  const live = await kind.api.get(client, id);
  if (!live) throw new Error(`${kindName} ${id} is gone`);
  // Every managed field as it is, with the one field changed: replace-style kinds are written whole.
  const desired = { ...liveInputsOf(managedFieldTable(kind), live.fields), [field]: value };
  await updateResource(kind, engine, id, decodeProps(live.fields), decodeProps(desired));
}

describe("pulumi-resource-idgov: import is exact: every kind read by id declares what it manages, and drift shows", () => {
  it.each(Object.entries(CASES))("%s", async (kindName, { program, changes }) => {
    const type = `idgov:index:${kindName}`;
    const kind = kindNamed(kindName);
    const checked = await ctx.plugin.check(type, "original", program);
    expect(checked.failures).toEqual([]);
    const created = await ctx.plugin.create(type, "original", checked.inputs);

    const imported = await ctx.plugin.read(type, "original", created.id, {});
    expect(imported.id).toBe(created.id);
    // Every field the program set comes back, but the secrets the service never answers (the kind's docs say so).
    const fields = managedFieldTable(kind);
    const declared = Object.keys(program).filter((name) => fields[name] !== undefined);
    expect(Object.keys(imported.inputs ?? {}).sort()).toEqual(expect.arrayContaining(declared.sort()));
    const recheck = await ctx.plugin.check(type, "original", imported.inputs ?? {});
    expect(recheck.failures).toEqual([]);
    const diff = await ctx.plugin.diff(
      type,
      "original",
      created.id,
      imported.outputs,
      recheck.inputs,
      imported.inputs,
    );
    expect(diff).toMatchObject({ changes: "none", detailedDiff: {} });
    expect(revealed(recheck.inputs)).toEqual(revealed(imported.inputs));

    // A drift run after each change in the tenant (refresh, then diff) names the field changed.
    let state = imported.outputs;
    for (const [field, value] of Object.entries(changes)) {
      await changedInTenant(kindName, created.id, field, value);
      const refreshed = await ctx.plugin.read(type, "original", created.id, state, recheck.inputs);
      expect(refreshed.inputs, `${kindName}.${field}: refresh shows drift`).toBeDefined();
      state = refreshed.outputs;
      const drift = await ctx.plugin.diff(
        type,
        "original",
        created.id,
        state,
        recheck.inputs,
        refreshed.inputs,
      );
      expect(drift.changes, `${kindName}.${field}`).toBe("some");
      expect(drift.diffs, `${kindName}.${field}`).toContain(field);
    }
  });
});
