import { describe, expect, it } from "vitest";
import { apiRequests, clearRequests } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const ctx = useProviderHost();
const PATH = "/api/v1/settings/cross-app-access";
const program = {
  enabled: true,
  defaultGrantLifetime: "90m",
  enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256", "XAA_SIGNING_ALGORITHM_RS256"],
};

describe("XaaSettings in Pulumi's dynamic-provider host", () => {
  it("adopts the cross-app-access settings with one GET and one masked POST", async () => {
    const result = await ctx.engine.up("XaaSettings", "xaa", program);
    expect(result.action === "create" && result.state.outputs).toMatchObject({
      enabled: true,
      defaultGrantLifetime: "5400s",
      replacedValues: { enabled: false, defaultGrantLifetime: "3600s" },
    });
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: PATH }),
      expect.objectContaining({
        method: "POST",
        path: PATH,
        body: {
          settings: { enabled: true, defaultGrantLifetime: "5400s" },
          updateMask: "enabled,defaultGrantLifetime",
        },
      }),
    ]);
  });

  it.each([
    [
      "the algorithms in another order",
      { enabledSigningAlgorithms: [...program.enabledSigningAlgorithms].reverse() },
    ],
    ["the grant lifetime in seconds", { defaultGrantLifetime: "5400s" }],
    ["the grant lifetime in hours and minutes", { defaultGrantLifetime: "1h30m" }],
  ])("sees no change for %s", async (_label, change) => {
    await ctx.engine.up("XaaSettings", "same", program);
    await clearRequests(ctx.emulator);
    expect((await ctx.engine.up("XaaSettings", "same", { ...program, ...change })).action).toBe("same");
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("sends the whole algorithm set when one algorithm is removed", async () => {
    await ctx.engine.up("XaaSettings", "fewer", program);
    await clearRequests(ctx.emulator);
    const fewer = { ...program, enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256"] };
    await ctx.engine.up("XaaSettings", "fewer", fewer);
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({
        body: {
          settings: { enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256"] },
          updateMask: "enabledSigningAlgorithms",
        },
      }),
    ]);
  });
});
