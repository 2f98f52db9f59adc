import { describe, expect, it } from "vitest";
import { secret } from "../../testkit/nativePlugin";
import { useNativePlugin } from "./harness/setup";

// Bad inputs fail check through both doors alike, naming the property and sending no request: the corpus of
// test/reliability/badInput.test.ts runs each of them through the plugin and through the dynamic provider.
const ctx = useNativePlugin();

describe("pulumi-resource-idgov: check", () => {
  it("answers inputs in canonical form, without the ownership it checked against", async () => {
    const checked = await ctx.plugin.check("idgov:index:SessionSettings", "session", {
      maxSessionLength: "12h",
    });
    expect(checked).toEqual({ inputs: { maxSessionLength: "43200s" }, failures: [] });
  });

  it("keeps a write-only secret secret in the inputs it answers, even when the program did not mark it, and only it", async () => {
    const oidc = {
      issuerId: "https://login.example.com",
      oidcClientId: "c",
      oidcClientSecret: "s3cr3t-value",
    };
    const checked = await ctx.plugin.check("idgov:index:AuthConfig", "sso", { displayName: "SSO", oidc });
    expect(checked.failures).toEqual([]);
    expect(checked.inputs.oidc).toEqual({ ...oidc, oidcClientSecret: secret("s3cr3t-value") });
    expect(checked.inputs.displayName).toBe("SSO");
  });

  it("passes unknown values (a preview) without judging them", async () => {
    const checked = await ctx.plugin.check("idgov:index:App", "later", {
      displayName: "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
      accessModel: "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
    });
    expect(checked.failures).toEqual([]);
  });

  it("refuses a second resource of the stack declaring a settings singleton, naming both; the first may be checked again", async () => {
    const first = await ctx.plugin.check("idgov:index:XaaSettings", "cross-app-access", { enabled: false });
    const again = await ctx.plugin.check("idgov:index:XaaSettings", "cross-app-access", { enabled: false });
    const second = await ctx.plugin.check("idgov:index:XaaSettings", "baseline-cross-app-access", {
      enabled: true,
    });
    expect([first.failures, again.failures]).toEqual([[], []]);
    expect(second.failures).toEqual([
      {
        property: "",
        reason:
          'XaaSettings is one per tenant, but this program declares it 2 times ("cross-app-access", "baseline-cross-app-access"): declare it once',
      },
    ]);
  });
});
