import { describe, expect, it } from "vitest";
import { apiRequests, outOfBand } from "../resources/harness/emulatorApi";
import { useNativePlugin } from "./harness/setup";

const ctx = useNativePlugin();
const APP = "idgov:index:App";

/** An app made outside Pulumi, as someone clicking in the console would. */
async function appMadeByHand(body: Record<string, unknown>): Promise<string> {
  const answer = await outOfBand(ctx.emulator, "POST", "/api/v1/apps", body);
  return (answer.app as { id: string }).id;
}

describe("pulumi-resource-idgov: read given only an id (pulumi import)", () => {
  it("answers inputs shaped as the schema's that pass check and diff with no change", async () => {
    const id = await appMadeByHand({
      displayName: "Made by hand",
      description: "from the console",
      monthlyCostUsd: 12,
    });
    await outOfBand(ctx.emulator, "POST", `/api/v1/apps/${id}`, {
      app: {
        annotations: { team: "iam" },
        appUserMapper: { mappingCases: [{ appUserKeyCel: "a", userKeyCel: "u" }] },
      },
      updateMask: "annotations,appUserMapper",
    });
    const imported = await ctx.plugin.read(APP, "by-hand", id, {});
    expect(imported.id).toBe(id);
    expect(imported.inputs).toEqual({
      displayName: "Made by hand",
      description: "from the console",
      monthlyCostUsd: 12,
      appUserMapper: { mappingCases: [{ appUserKeyCel: "a", userKeyCel: "u" }] },
      annotations: { team: "iam" },
    });
    const checked = await ctx.plugin.check(APP, "by-hand", imported.inputs ?? {});
    expect(checked.failures).toEqual([]);
    const diff = await ctx.plugin.diff(APP, "by-hand", id, imported.outputs, checked.inputs, imported.inputs);
    expect(diff).toMatchObject({ changes: "none", detailedDiff: {} });
    expect((await apiRequests(ctx.emulator)).map((request) => request.method)).toEqual(["GET"]);
  });

  it("stamps ownership with the first write after the import", async () => {
    const id = await appMadeByHand({ displayName: "Imported" });
    const imported = await ctx.plugin.read(APP, "imported", id, {});
    const news = { ...imported.inputs, description: "now managed" };
    const diff = await ctx.plugin.diff(APP, "imported", id, imported.outputs, news, imported.inputs);
    expect(diff.detailedDiff).toEqual({ description: "ADD" });
    const outputs = await ctx.plugin.update(APP, "imported", id, imported.outputs, news);
    expect(outputs.annotations).toMatchObject({
      managed_by: "pulumi",
      iac_resource_address: "urn:pulumi:native-test::native::idgov:index:App::imported",
    });
  });

  it("refuses to import an object another workspace manages, naming it", async () => {
    const id = await appMadeByHand({
      displayName: "Theirs",
      annotations: { managed_by: "pulumi", iac_workspace: "acme/other/prod" },
    });
    await expect(ctx.plugin.read(APP, "theirs", id, {})).rejects.toThrow(
      /cannot import App ".*": it is managed elsewhere \(workspace "acme\/other\/prod", tool "pulumi"\)/,
    );
  });

  it("answers an id that names no object as gone", async () => {
    expect(await ctx.plugin.read(APP, "nothing", "app-does-not-exist", {})).toMatchObject({ id: "" });
  });
});
