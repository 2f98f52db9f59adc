import { describe, expect, it } from "vitest";
import { apiRequests, outOfBand, isWrite } from "../../testkit/emulatorApi";
import { NativePlugin, type Props, urnOf } from "../../testkit/nativePlugin";
import { readState } from "../../provider/engine/stateCodec";
import { earlierStateFormat } from "../support/stateKeys";
import { providerInputs, useNativePlugin } from "./harness/setup";

const ctx = useNativePlugin();
const APP = "idgov:index:App";

/** An app made outside Pulumi, as someone clicking in the console would. */
async function appMadeByHand(body: Record<string, unknown>): Promise<string> {
  const answer = await outOfBand(ctx.emulator, "POST", "/api/v1/apps", body);
  return (answer.app as { id: string }).id;
}

/** The ownership annotations of the resource `name` of the test stack. */
const stampsOf = (name: string) => ({
  managed_by: "pulumi",
  iac_workspace: "organization/native/native-test",
  iac_resource_address: `urn:pulumi:native-test::native::idgov:index:App::${name}`,
  iac_tool_version: expect.stringMatching(/^pulumi-idgov\//),
});

/** The writes the emulator received since its log was last cleared: method, path and update mask. */
async function writesSent() {
  return (await apiRequests(ctx.emulator)).filter(isWrite).map((request) => ({
    method: request.method,
    path: request.path,
    updateMask: (request.body as { updateMask?: string } | null)?.updateMask,
  }));
}

describe("pulumi-resource-idgov: read given only an id (pulumi import)", () => {
  it("answers inputs shaped as the schema's that pass check and diff clean: the missing stamps are no change", async () => {
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
    expect(checked.inputs).toEqual(imported.inputs);
    const diff = await ctx.plugin.diff(APP, "by-hand", id, imported.outputs, checked.inputs, imported.inputs);
    expect(diff).toMatchObject({ changes: "none", replaces: [], diffs: [], detailedDiff: {} });
    expect((await apiRequests(ctx.emulator)).map((request) => request.method)).toEqual(["GET"]);
  });

  it("records the stack's ownership and the tenant in the state it answers: the guard and the audit know the object", async () => {
    const id = await appMadeByHand({ displayName: "Owned from state" });
    const imported = await ctx.plugin.read(APP, "owned", id, {});
    const recorded = readState(imported.outputs);
    expect(recorded.__ownership).toEqual({
      workspace: "organization/native/native-test",
      resourceAddress: urnOf(APP, "owned"),
    });
    expect(recorded.stampsPending).toBe(true);
    expect(recorded.__tenant).toBe(new URL(ctx.emulator.url).origin);
    expect(imported.inputs).not.toHaveProperty("__ownership");
  });

  it("a state an import of an earlier version recorded (no ownership, nothing pending) diffs clean too", async () => {
    const id = await appMadeByHand({ displayName: "Imported long ago" });
    const imported = await ctx.plugin.read(APP, "long-ago", id, {});
    const earlier = earlierStateFormat(imported.outputs, ["__ownership", "stampsPending"]);
    const diff = await ctx.plugin.diff(APP, "long-ago", id, earlier, imported.inputs ?? {}, imported.inputs);
    expect(diff).toMatchObject({ changes: "none", detailedDiff: {} });
  });

  it("the next up writes nothing; a refresh keeps the stamps pending; the next real change stamps it", async () => {
    const id = await appMadeByHand({ displayName: "Imported", annotations: { team: "iam" } });
    const imported = await ctx.plugin.read(APP, "imported", id, {});
    // The next `pulumi up` is another plugin process: it gets the state the import recorded, and the program's inputs.
    const next = await NativePlugin.start();
    try {
      await next.configure(providerInputs(ctx.emulator));
      const checked = await next.check(APP, "imported", imported.inputs ?? {});
      const diff = await next.diff(APP, "imported", id, imported.outputs, checked.inputs, imported.inputs);
      expect(diff).toMatchObject({ changes: "none", detailedDiff: {} });
      const refreshed = await next.read(APP, "imported", id, imported.outputs, checked.inputs);
      expect(refreshed.inputs).toBeUndefined();
      expect(readState(refreshed.outputs).stampsPending).toBe(true);
      const again = await next.diff(APP, "imported", id, refreshed.outputs, checked.inputs, checked.inputs);
      expect(again).toMatchObject({ changes: "none", detailedDiff: {} });
      expect(await writesSent()).toEqual([]);
      const news = { ...checked.inputs, description: "now managed" };
      const changed = await next.diff(APP, "imported", id, refreshed.outputs, news, checked.inputs);
      expect(changed).toMatchObject({
        changes: "some",
        diffs: ["description"],
        detailedDiff: { description: "ADD" },
      });
      const outputs = await next.update(APP, "imported", id, refreshed.outputs, news);
      expect(await writesSent()).toEqual([
        { method: "POST", path: `/api/v1/apps/${id}`, updateMask: "description,annotations" },
      ]);
      const live = (await outOfBand(ctx.emulator, "GET", `/api/v1/apps/${id}`)).app as Props;
      expect(live.annotations).toEqual({ team: "iam", ...stampsOf("imported") });
      expect(outputs.annotations).toEqual(live.annotations);
      expect(readState(outputs).stampsPending).toBeUndefined();
      const after = await next.diff(APP, "imported", id, outputs, news, news);
      expect(after).toMatchObject({ changes: "none", detailedDiff: {} });
    } finally {
      await next.stop();
    }
  });

  it("a change of the program's own annotations after an import names only them, and stamps along", async () => {
    const id = await appMadeByHand({ displayName: "Imported", annotations: { team: "iam" } });
    const imported = await ctx.plugin.read(APP, "annotated", id, {});
    const news = { ...imported.inputs, annotations: { team: "sre" } };
    const diff = await ctx.plugin.diff(APP, "annotated", id, imported.outputs, news, imported.inputs);
    expect(diff).toMatchObject({ changes: "some", diffs: ["annotations"] });
    expect(Object.keys(diff.detailedDiff).every((path) => !/managed_by|iac_/.test(path))).toBe(true);
    const outputs = await ctx.plugin.update(APP, "annotated", id, imported.outputs, news);
    expect(outputs.annotations).toEqual({ team: "sre", ...stampsOf("annotated") });
  });

  it("an object this provider created shows no stamp change", async () => {
    const checked = await ctx.plugin.check(APP, "created", { displayName: "Created" });
    const created = await ctx.plugin.create(APP, "created", checked.inputs);
    const diff = await ctx.plugin.diff(
      APP,
      "created",
      created.id,
      created.outputs,
      checked.inputs,
      checked.inputs,
    );
    expect(diff).toMatchObject({ changes: "none", detailedDiff: {} });
  });

  it("refuses the stamping write when another workspace claimed the object after the import, writing nothing", async () => {
    const id = await appMadeByHand({ displayName: "Contested" });
    const imported = await ctx.plugin.read(APP, "contested", id, {});
    await outOfBand(ctx.emulator, "POST", `/api/v1/apps/${id}`, {
      app: { annotations: { managed_by: "pulumi", iac_workspace: "acme/other/prod" } },
      updateMask: "annotations",
    });
    const news = { ...imported.inputs, description: "a change" };
    await expect(ctx.plugin.update(APP, "contested", id, imported.outputs, news)).rejects.toThrow(
      /update refused: App ".*" \(contested\): its annotations say it is managed by workspace "acme\/other\/prod", tool "pulumi"/,
    );
    expect(await writesSent()).toEqual([]);
    // Once a refresh has seen the claim, the preview refuses too; allowTakeover lets the write through.
    const refreshed = await ctx.plugin.read(APP, "contested", id, imported.outputs, news);
    await expect(ctx.plugin.diff(APP, "contested", id, refreshed.outputs, news, news)).rejects.toThrow(
      /this stack will not update or delete it/,
    );
    const takeover = { ...news, allowTakeover: true };
    const outputs = await ctx.plugin.update(APP, "contested", id, refreshed.outputs, takeover);
    expect(outputs.annotations).toEqual(stampsOf("contested"));
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

  it('answers an id that names no object with an empty id and no properties: the engine\'s "does not exist"', async () => {
    const answer = await ctx.plugin.read(APP, "nothing", "app-does-not-exist", {});
    expect(answer).toMatchObject({ id: "", answered: false, inputs: undefined });
  });
});
