import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { apiRequests, clearRequests, outOfBand } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const ctx = useProviderHost();
const id = SEED.authConfigs.oidc;
const item = `/api/v1/auth-configs/${id}`;
const adopted = { adoptId: id, displayName: "Generic OIDC" };

async function adopt(name: string, extra: Record<string, unknown> = {}) {
  expect((await ctx.engine.up("AuthConfig", name, { ...adopted, ...extra })).action).toBe("create");
  await clearRequests(ctx.emulator);
}

describe("kinds whose objects carry no annotations: what the package can guarantee", () => {
  it("leaves an adopted auth config on destroy, sending nothing, unless the program set deleteOnDestroy", async () => {
    await adopt("kept");
    await ctx.engine.destroy("AuthConfig", "kept");
    expect(await apiRequests(ctx.emulator)).toEqual([]);
    expect((await outOfBand(ctx.emulator, "GET", item)).authConfig).toMatchObject({ id });
  });

  it("deletes an adopted auth config on destroy when the program set deleteOnDestroy: true", async () => {
    await adopt("meant", { deleteOnDestroy: true });
    await ctx.engine.destroy("AuthConfig", "meant");
    expect((await apiRequests(ctx.emulator)).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      `DELETE ${item} 200`,
    ]);
  });

  it("changing deleteOnDestroy alone is an update that sends nothing, and destroy then follows it", async () => {
    await adopt("changed");
    const result = await ctx.engine.up("AuthConfig", "changed", { ...adopted, deleteOnDestroy: true });
    expect(result.action).toBe("update");
    expect(await apiRequests(ctx.emulator)).toEqual([]);
    await ctx.engine.destroy("AuthConfig", "changed");
    expect((await apiRequests(ctx.emulator)).map((r) => r.method)).toEqual(["DELETE"]);
  });

  it("still deletes a created auth config, unless deleteOnDestroy: false", async () => {
    const program = { displayName: "Made here", providerClient: { oidcClientId: "made-here" } };
    const made = await ctx.engine.up("AuthConfig", "made", program);
    const kept = await ctx.engine.up("AuthConfig", "made-kept", { ...program, deleteOnDestroy: false });
    if (made.action !== "create" || kept.action !== "create") throw new Error("expected creates");
    await clearRequests(ctx.emulator);
    await ctx.engine.destroy("AuthConfig", "made");
    await ctx.engine.destroy("AuthConfig", "made-kept");
    expect((await apiRequests(ctx.emulator)).map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /api/v1/auth-configs/${made.state.id}`,
    ]);
  });

  it("shows a managed field that differs from what this stack last wrote as drift (another stack's write too)", async () => {
    await adopt("drift");
    await outOfBand(ctx.emulator, "POST", item, {
      authConfig: { displayName: "Renamed by another stack" },
      updateMask: "displayName",
    });
    const refreshed = await ctx.engine.refresh("AuthConfig", "drift");
    expect(refreshed?.inputs.displayName).toBe("Renamed by another stack");
    expect(await ctx.engine.preview("AuthConfig", "drift", adopted)).toBe("update");
  });

  it("fails check on allowTakeover for an auth config: there is no owner to take it from", async () => {
    const result = await ctx.engine.up("AuthConfig", "takeover", { ...adopted, allowTakeover: true });
    expect(result.action === "failed-check" && result.failures.map((f) => f.property)).toEqual([
      "allowTakeover",
    ]);
  });

  it.each([
    ["SsoSettings", "/api/v1/settings/sso", "settings", { enabled: false }, { enabled: true }],
    ["XaaSettings", "/api/v1/settings/cross-app-access", "settings", { enabled: true }, { enabled: false }],
    [
      "SessionSettings",
      "/api/v1/settings/session",
      "sessionSettings",
      { externalClientsEnabled: true },
      { externalClientsEnabled: false },
    ],
  ])(
    "%s: another writer's change of a managed field shows as drift",
    async (kind, path, key, program, other) => {
      expect((await ctx.engine.up(kind, "settings", program)).action).toBe("create");
      await outOfBand(ctx.emulator, "POST", path, { [key]: other, updateMask: Object.keys(other).join(",") });
      expect((await ctx.engine.refresh(kind, "settings"))?.inputs).toMatchObject(other);
      expect(await ctx.engine.preview(kind, "settings", program)).toBe("update");
    },
  );
});
