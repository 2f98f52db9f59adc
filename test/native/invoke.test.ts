import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { apiRequests, outOfBand } from "../../testkit/emulatorApi";
import { SPECIAL_SIG_KEY } from "../../provider/engine/pulumiSecret";
import { useNativePlugin } from "./harness/setup";

const ctx = useNativePlugin();

describe("pulumi-resource-idgov: lookups as functions", () => {
  it("invokes idgov:index:getApp with the provider's settings", async () => {
    const { result, failures } = await ctx.plugin.invoke("idgov:index:getApp", { id: "app-github" });
    expect(failures).toEqual([]);
    expect(result).toMatchObject({ id: "app-github", displayName: "GitHub" });
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: "/api/v1/apps/app-github" }),
    ]);
  });

  it("answers a list lookup as items", async () => {
    const { result } = await ctx.plugin.invoke("idgov:index:listAppOwners", { appId: "app-github" });
    const listed = await outOfBand(ctx.emulator, "GET", "/api/v1/apps/app-github/owners");
    expect((listed.list as unknown[]).length).toBeGreaterThan(0);
    expect((result.items as { id: string }[]).map((owner) => owner.id)).toEqual(
      (listed.list as { id: string }[]).map((owner) => owner.id),
    );
  });

  it("answers a lookup that takes no arguments", async () => {
    const { result } = await ctx.plugin.invoke("idgov:index:getSessionSettings", {});
    expect(result).toHaveProperty("maxSessionLength");
  });

  it("answers secret metadata as a secret", async () => {
    const { result } = await ctx.plugin.invoke("idgov:index:getSecretMetadata", {
      vaultId: SEED.secretVaultId,
    });
    expect(Object.keys(result).length).toBeGreaterThan(0);
    for (const value of Object.values(result)) expect(value).toHaveProperty(SPECIAL_SIG_KEY);
  });

  it("fails a malformed argument naming it, sending no request", async () => {
    const { failures } = await ctx.plugin.invoke("idgov:index:listAppOwners", {
      appId: "app-github",
      colour: 1,
    });
    expect(failures).toEqual([
      { property: "colour", reason: expect.stringMatching(/^listAppOwners: colour/) },
    ]);
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("fails an unknown function by its token", async () => {
    await expect(ctx.plugin.invoke("idgov:index:getNothing", {})).rejects.toThrow(
      'unknown function "idgov:index:getNothing"',
    );
  });
});
