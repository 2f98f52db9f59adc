import { describe, expect, it } from "vitest";
import { apiRequests, clearRequests } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const ctx = useProviderHost();
const PATH = "/api/v1/settings/sso";

describe("SsoSettings in Pulumi's dynamic-provider host", () => {
  it("adopts the SSO settings with one GET and one masked POST in lowerCamelCase", async () => {
    const program = {
      enabled: true,
      defaultSubjectType: "SSO_SUBJECT_TYPE_PUBLIC",
      defaultAssertionLifetime: "10m",
    };
    const result = await ctx.engine.up("SsoSettings", "sso", program);
    expect(result.action === "create" && result.state.id).toBe("sso");
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: PATH }),
      expect.objectContaining({
        method: "POST",
        path: PATH,
        status: 200,
        body: {
          settings: { defaultSubjectType: "SSO_SUBJECT_TYPE_PUBLIC", defaultAssertionLifetime: "600s" },
          updateMask: "defaultSubjectType,defaultAssertionLifetime",
        },
      }),
    ]);
  });

  it("sends nothing when every managed field already has the declared value", async () => {
    const program = { enabled: true, defaultAssertionLifetime: "5m" };
    const result = await ctx.engine.up("SsoSettings", "already", program);
    expect(result.action).toBe("create");
    expect((await apiRequests(ctx.emulator)).map((r) => r.method)).toEqual(["GET"]);
  });

  it("changes one field with a one-path mask", async () => {
    await ctx.engine.up("SsoSettings", "toggle", { enabled: true });
    await clearRequests(ctx.emulator);
    expect((await ctx.engine.up("SsoSettings", "toggle", { enabled: false })).action).toBe("update");
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({
        method: "POST",
        body: { settings: { enabled: false }, updateMask: "enabled" },
      }),
    ]);
  });

  const EDITABLE =
    "is not an editable path of the SSO settings (spec 2.11 allows enabled, defaultSubjectType, " +
    "defaultAssertionLifetime, defaultIdTokenSignedResponseAlg)";
  it.each([
    [{ createdAt: "2026-01-01T00:00:00Z" }, "createdAt", EDITABLE],
    [
      { default_subject_type: "SSO_SUBJECT_TYPE_EMAIL" },
      "default_subject_type",
      `${EDITABLE}; write defaultSubjectType`,
    ],
    [{ issuer: "https://sso.example.com" }, "issuer", EDITABLE],
    [
      { defaultAssertionLifetime: "-30m" },
      "defaultAssertionLifetime",
      'must be a positive duration such as "90m" or "12h" (a lifetime is longer than zero)',
    ],
  ])("fails check on %j naming %s, before any request", async (invalid, property, reason) => {
    const result = await ctx.engine.up("SsoSettings", "invalid", invalid);
    expect(result.action === "failed-check" && result.failures).toEqual([{ property, reason }]);
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });
});
