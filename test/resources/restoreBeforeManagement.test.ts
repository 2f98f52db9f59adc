import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { outOfBand } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const ctx = useProviderHost();
type Json = Record<string, unknown>;

const SSO = "/api/v1/settings/sso";
const XAA = "/api/v1/settings/cross-app-access";
const SESSION = "/api/v1/settings/session";
const scopePath = (id: string) => `/api/v1/access_review/${id}/scope_and_entitlements`;

/** Someone changing the tenant outside Pulumi: a masked POST straight to the emulator. */
function changeOutside(path: string, key: string, settings: Json) {
  return () =>
    outOfBand(ctx.emulator, "POST", path, { [key]: settings, updateMask: Object.keys(settings).join(",") });
}

/**
 * The story of issue 15: adopt with restoreOnDelete (or, when the resource exists, add to its program), someone changes a managed field outside Pulumi, the drift shows
 * and `up --refresh` (read, then update) repairs it, then destroy. Answers the live object after destroy.
 */
async function adoptDriftRepairDestroy(
  kind: string,
  name: string,
  program: Json,
  drift: () => Promise<unknown>,
  readBack: () => Promise<Json>,
): Promise<Json> {
  const first = await ctx.engine.up(kind, name, { ...program, restoreOnDelete: true });
  expect(["create", "update"]).toContain(first.action);
  await drift();
  const refreshed = await ctx.engine.refresh(kind, name);
  expect(refreshed?.inputs).not.toMatchObject(program);
  expect(await ctx.engine.preview(kind, name, { ...program, restoreOnDelete: true })).toBe("update");
  expect((await ctx.engine.up(kind, name, { ...program, restoreOnDelete: true })).action).toBe("update");
  await ctx.engine.destroy(kind, name);
  return readBack();
}

const settingsOf = (path: string, key: string) => async () =>
  (await outOfBand(ctx.emulator, "GET", path))[key] as Json;

describe("restoreOnDelete puts back the values from before this stack managed the object", () => {
  it("SsoSettings: a value the program kept and a repair restored goes back to the pre-Pulumi value", async () => {
    const before = await settingsOf(SSO, "settings")();
    expect(before).toMatchObject({ enabled: true, defaultAssertionLifetime: "300s" });
    const after = await adoptDriftRepairDestroy(
      "SsoSettings",
      "sso",
      { enabled: true, defaultAssertionLifetime: "10m" },
      changeOutside(SSO, "settings", { enabled: false, defaultAssertionLifetime: "900s" }),
      settingsOf(SSO, "settings"),
    );
    expect(after).toMatchObject({ enabled: true, defaultAssertionLifetime: "300s" });
  });

  it("XaaSettings: the algorithm set and the flag get their pre-Pulumi values, not the drifted ones", async () => {
    const before = await settingsOf(XAA, "settings")();
    expect(before).toMatchObject({ enabled: false, defaultGrantLifetime: "3600s" });
    const after = await adoptDriftRepairDestroy(
      "XaaSettings",
      "xaa",
      {
        enabled: false,
        defaultGrantLifetime: "90m",
        enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256", "XAA_SIGNING_ALGORITHM_RS256"],
      },
      changeOutside(XAA, "settings", {
        enabled: true,
        enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_RS256"],
      }),
      settingsOf(XAA, "settings"),
    );
    expect(after).toMatchObject({
      enabled: false,
      defaultGrantLifetime: "3600s",
      enabledSigningAlgorithms: expect.arrayContaining(before.enabledSigningAlgorithms as string[]),
    });
    expect(after.enabledSigningAlgorithms).toHaveLength(2);
  });

  it("SessionSettings: a field added to the program later is recorded before this stack first writes it", async () => {
    const program = {
      maxSessionLength: "12h",
      ssoAdminSource: { sourceCidr: ["10.20.0.0/16", "2001:db8::/32"] },
    };
    expect(
      (await ctx.engine.up("SessionSettings", "session", { ...program, restoreOnDelete: true })).action,
    ).toBe("create");
    // Added later: the live value then (false) is what was there before this stack managed the field.
    const grown = { ...program, externalClientsEnabled: true };
    const after = await adoptDriftRepairDestroy(
      "SessionSettings",
      "session",
      grown,
      changeOutside(SESSION, "sessionSettings", { maxSessionLength: "3600s", externalClientsEnabled: false }),
      settingsOf(SESSION, "sessionSettings"),
    );
    expect(after).toMatchObject({
      maxSessionLength: "43200s",
      externalClientsEnabled: false,
      ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16"] },
    });
  });

  it("AccessReviewScope: a scope adopted as it was is put back as it was, not as the drift left it", async () => {
    const campaign = SEED.accessReviewId;
    const entitlements = [
      { appId: "app-github", appEntitlementId: "ent-github-org-admin" },
      { appId: "app-aws", appEntitlementId: "ent-aws-admin" },
    ];
    // The tenant's scope before Pulumi, which the program declares as it is: adoption writes nothing.
    await outOfBand(ctx.emulator, "POST", scopePath(campaign), { scopeV2: { allUsers: {} }, entitlements });
    const before = await outOfBand(ctx.emulator, "GET", scopePath(campaign));
    const after = await adoptDriftRepairDestroy(
      "AccessReviewScope",
      "scope",
      { accessReviewId: campaign, scopeV2: { allUsers: {} }, entitlements },
      () =>
        outOfBand(ctx.emulator, "POST", scopePath(campaign), {
          scopeV2: { allGrants: {} },
          entitlements: [entitlements[0]],
        }),
      () => outOfBand(ctx.emulator, "GET", scopePath(campaign)),
    );
    expect(after.scopeV2).toEqual(before.scopeV2);
    const selected = (after.list as { accessReviewEntitlement: Json }[]).map((row) => ({
      appId: row.accessReviewEntitlement.appId,
      appEntitlementId: row.accessReviewEntitlement.appEntitlementId,
    }));
    expect(selected).toEqual(entitlements);
  });
});
