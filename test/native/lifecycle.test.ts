import { describe, expect, it } from "vitest";
import { packageVersion } from "../../provider/version";
import { apiRequests, outOfBand, setFaults, isWrite } from "../../testkit/emulatorApi";
import { ResourceInitFailure } from "../../testkit/dynamicHost";
import { type Props, UNKNOWN, urnOf } from "../../testkit/nativePlugin";
import { useNativePlugin } from "./harness/setup";
import { readState } from "../../provider/engine/stateCodec";

const version = packageVersion();

const ctx = useNativePlugin();
const APP = "idgov:index:App";
const stamps = (name: string) => ({
  managed_by: "pulumi",
  iac_workspace: "organization/native/native-test",
  iac_resource_address: urnOf(APP, name),
  iac_tool_version: `pulumi-idgov/${version}`,
});

/** Check, then create, as the engine does for a new resource; the request log is cleared after. */
async function createApp(name: string, program: Props) {
  const checked = await ctx.plugin.check(APP, name, program);
  expect(checked.failures).toEqual([]);
  const created = await ctx.plugin.create(APP, name, checked.inputs);
  await fetch(`${ctx.emulator.url}/__emulator/requests`, { method: "DELETE" });
  return { inputs: checked.inputs, ...created };
}

describe("pulumi-resource-idgov: the lifecycle of an App, driven over gRPC as the engine drives it", () => {
  it("creates an app with one POST stamped with the ownership the URN names", async () => {
    const checked = await ctx.plugin.check(APP, "github", {
      displayName: "GitHub",
      annotations: { team: "iam" },
    });
    const created = await ctx.plugin.create(APP, "github", checked.inputs);
    const requests = await apiRequests(ctx.emulator);
    expect(requests.filter((request) => request.method === "POST")).toEqual([
      expect.objectContaining({
        path: "/api/v1/apps",
        body: { displayName: "GitHub", annotations: { team: "iam", ...stamps("github") } },
      }),
    ]);
    expect(created.id).toMatch(/\S/);
    expect(created.outputs).toMatchObject({
      displayName: "GitHub",
      annotations: { team: "iam", ...stamps("github") },
    });
  });

  it("in a preview, create sends nothing and answers the inputs with the other outputs unknown", async () => {
    const checked = await ctx.plugin.check(APP, "preview", { displayName: "Preview" });
    const created = await ctx.plugin.create(APP, "preview", checked.inputs, true);
    expect(await apiRequests(ctx.emulator)).toEqual([]);
    expect(created.id).toBe("");
    expect(created.outputs).toMatchObject({ displayName: "Preview", createdAt: UNKNOWN, userCount: UNKNOWN });
  });

  it("diffs with an explicit answer and a detailed diff per property: update, add, delete", async () => {
    const app = await createApp("diffed", { displayName: "Diffed", description: "before" });
    const same = await ctx.plugin.diff(APP, "diffed", app.id, app.outputs, app.inputs, app.inputs);
    expect(same).toEqual({
      changes: "none",
      replaces: [],
      diffs: [],
      detailedDiff: {},
      deleteBeforeReplace: false,
    });
    const news = { displayName: "Diffed 2", iconUrl: "https://icons.example.com/d.png" };
    const changed = await ctx.plugin.diff(APP, "diffed", app.id, app.outputs, news, app.inputs);
    expect(changed).toEqual({
      changes: "some",
      replaces: [],
      diffs: ["displayName", "description", "iconUrl"],
      detailedDiff: { displayName: "UPDATE", description: "DELETE", iconUrl: "ADD" },
      deleteBeforeReplace: false,
    });
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("diffs a change to an immutable field as a replacement of that property", async () => {
    const olds = {
      appId: "app-github",
      appResourceTypeId: "type-1",
      displayName: "R",
      managedFields: ["displayName"],
    };
    const news = { appId: "app-aws", appResourceTypeId: "type-1", displayName: "R" };
    const diff = await ctx.plugin.diff("idgov:index:AppResource", "res", "res-1", olds, news, olds);
    expect(diff.changes).toBe("some");
    expect(diff.replaces).toEqual(["appId"]);
    expect(diff.detailedDiff).toMatchObject({ appId: "UPDATE_REPLACE" });
  });

  it("updates with a mask of exactly the changed fields, and in a preview sends nothing", async () => {
    const app = await createApp("masked", { displayName: "Masked", description: "old" });
    const news = (
      await ctx.plugin.check(APP, "masked", { displayName: "Masked", iconUrl: "https://i.example.com/m.png" })
    ).inputs;
    const previewed = await ctx.plugin.update(APP, "masked", app.id, app.outputs, news, true);
    expect(await apiRequests(ctx.emulator)).toEqual([]);
    expect(previewed).toMatchObject({ iconUrl: "https://i.example.com/m.png" });
    const outputs = await ctx.plugin.update(APP, "masked", app.id, app.outputs, news);
    const writes = (await apiRequests(ctx.emulator)).filter(isWrite);
    expect(writes.map((request) => request.body)).toEqual([
      { app: { iconUrl: "https://i.example.com/m.png" }, updateMask: "description,iconUrl" },
    ]);
    expect(outputs).toMatchObject({ iconUrl: "https://i.example.com/m.png" });
    expect(readState(outputs).managedFields).toEqual(["displayName", "iconUrl"]);
    expect(outputs).not.toHaveProperty("description");
  });

  it("reads drift made outside Pulumi as inputs that differ, and nothing when nothing changed", async () => {
    const app = await createApp("drifted", { displayName: "Drifted" });
    const clean = await ctx.plugin.read(APP, "drifted", app.id, app.outputs, app.inputs);
    expect(clean.inputs).toBeUndefined();
    expect(clean.id).toBe(app.id);
    await outOfBand(ctx.emulator, "POST", `/api/v1/apps/${app.id}`, {
      app: { displayName: "Renamed by hand" },
      updateMask: "displayName",
    });
    const drifted = await ctx.plugin.read(APP, "drifted", app.id, app.outputs, app.inputs);
    expect(drifted.inputs).toEqual({ displayName: "Renamed by hand" });
    const diff = await ctx.plugin.diff(APP, "drifted", app.id, drifted.outputs, app.inputs, drifted.inputs);
    expect(diff.detailedDiff).toEqual({ displayName: "UPDATE" });
  });

  it("reads an object deleted outside Pulumi as gone", async () => {
    const app = await createApp("gone", { displayName: "Gone" });
    await outOfBand(ctx.emulator, "DELETE", `/api/v1/apps/${app.id}`);
    expect(await ctx.plugin.read(APP, "gone", app.id, app.outputs, app.inputs)).toMatchObject({ id: "" });
  });

  it("deletes the object, and a second delete of it counts as done", async () => {
    const app = await createApp("deleted", { displayName: "Deleted" });
    await ctx.plugin.delete(APP, "deleted", app.id, app.outputs);
    const deletes = (await apiRequests(ctx.emulator)).filter((request) => request.method === "DELETE");
    expect(deletes).toEqual([expect.objectContaining({ path: `/api/v1/apps/${app.id}` })]);
    await ctx.plugin.delete(APP, "deleted", app.id, app.outputs);
  });

  it("refuses to update an object another workspace claimed, naming the owner, and writes nothing", async () => {
    const app = await createApp("claimed", { displayName: "Claimed" });
    await outOfBand(ctx.emulator, "POST", `/api/v1/apps/${app.id}`, {
      app: { annotations: { iac_workspace: "acme/other/prod" } },
      updateMask: "annotations",
    });
    const news = { displayName: "Claimed 2" };
    await expect(ctx.plugin.update(APP, "claimed", app.id, app.outputs, news)).rejects.toThrow(
      /update refused: App ".*" \(claimed\): its annotations say it is managed by workspace "acme\/other\/prod"/,
    );
    expect((await apiRequests(ctx.emulator)).filter(isWrite)).toEqual([]);
  });
});

describe("pulumi-resource-idgov: a write that stops half way", () => {
  it("answers the state reached (ErrorResourceInitFailed), so the engine records the object and nothing is lost", async () => {
    const checked = await ctx.plugin.check(APP, "halfway", {
      displayName: "Half way",
      iconUrl: "https://icons.example.com/h.png",
    });
    await setFaults(ctx.emulator, {
      script: [{ fault: "500", method: "POST", pathPrefix: "/api/v1/apps/", times: 10 }],
    });
    try {
      const failure = await ctx.plugin.create(APP, "halfway", checked.inputs).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ResourceInitFailure);
      const { id, properties, message } = failure as ResourceInitFailure;
      expect(message).toMatch(/^create App halfway: App \S+ exists but was not finished/);
      expect(id).toMatch(/\S/);
      expect(properties).toMatchObject({ displayName: "Half way", annotations: stamps("halfway") });
      expect(await outOfBand(ctx.emulator, "GET", `/api/v1/apps/${id}`)).toMatchObject({ app: { id } });
    } finally {
      await setFaults(ctx.emulator, {});
    }
  });
});
