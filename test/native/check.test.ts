import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequests, stackConfig } from "../resources/harness/emulatorApi";
import { DynamicProviderHost } from "../resources/harness/dynamicHost";
import { type Props, secret } from "./harness/plugin";
import { useNativePlugin } from "./harness/setup";

const ctx = useNativePlugin();
let dynamic: DynamicProviderHost;

beforeAll(async () => {
  dynamic = await DynamicProviderHost.start();
  await dynamic.configure(stackConfig(ctx.emulator));
});
afterAll(() => dynamic?.stop());

/** Bad inputs of several kinds, each breaking one rule. */
const BAD_INPUTS: readonly [string, Props][] = [
  ["App", { displayName: 42 }],
  ["App", { displayName: "A", unknownField: true }],
  ["App", { description: "no name, no adoptId" }],
  ["App", { displayName: "A", accessModel: "CLASSIC" }],
  ["App", { displayName: "A", annotations: { managed_by: "me" } }],
  ["App", { displayName: "A", appUserMapper: { mappingCases: [{ appUserKeyCel: 1 }] } }],
  ["Automation", { displayName: "A", automationSteps: [{ name: "s" }] }],
  ["SessionSettings", { maxSessionLength: "forever" }],
  ["AuthConfig", { displayName: "A", oidc: { oidcClientSecret: 7 } }],
];

describe("pulumi-resource-idgov: check", () => {
  it.each(BAD_INPUTS)(
    "fails bad %s input naming the property, as the dynamic door does, sending no request",
    async (kind, news) => {
      const native = await ctx.plugin.check(`idgov:index:${kind}`, "bad", news);
      const viaHost = await dynamic.check(
        kind,
        `urn:pulumi:native-test::native::pulumi-nodejs:dynamic/idgov:${kind}::bad`,
        {},
        news,
      );
      expect(native.failures.length).toBeGreaterThan(0);
      expect(native.failures).toEqual(viaHost.failures);
      for (const failure of native.failures) expect(failure.property).not.toBe("");
      expect(await apiRequests(ctx.emulator)).toEqual([]);
    },
  );

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
});
