import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { clearRequests } from "../../testkit/emulatorApi";
import { loggedCalls, writesOf } from "./harness/apiCalls";
import { transcriptOf } from "../../testkit/command";
import { editProgram, type ExampleStack, openExampleStack } from "../../testkit/example";
import { managedObjects } from "./harness/managedObjects";

const STACK = "e2e";
const WORKSPACE = `organization/idgov-migrate/${STACK}`;
const urn = (type: string, name: string) => `urn:pulumi:${STACK}::idgov-migrate::${type}::${name}`;

let tenant: RunningEmulator;
let installed: ExampleStack;
let ids: { portalId: string; kitId: string; portalCreatedAt: string; kitCreatedAt: string };

/** The resources of an exported state, by URN. */
function deployment(exported: string): { urn: string; id?: string; provider?: string }[] {
  return [
    ...(
      JSON.parse(exported) as { deployment: { resources: { urn: string; id?: string; provider?: string }[] } }
    ).deployment.resources,
  ].sort((a, b) => a.urn.localeCompare(b.urn));
}

beforeAll(async () => {
  tenant = await startEmulator({ quiet: true });
  installed = await openExampleStack({
    example: path.join(__dirname, "migrate", "program"),
    tarball: inject("packageTarball"),
    binDir: inject("pulumiBinDir"),
    baseUrl: tenant.url,
    stack: STACK,
  });
});
afterAll(async () => {
  await installed?.remove();
  await tenant?.close();
});

/**
 * The move from the dynamic classes to the native types is an alias per resource (`aliases: [{ type:
 * "pulumi-nodejs:dynamic/idgov:<Kind>" }]`): the alias keeps the resource's identity across the change of type, and
 * the change of provider (default `pulumi-nodejs` to default `idgov`) is no replacement, because the engine (v3.248.0,
 * step_generator.go providerChanged) asks the new provider's DiffConfig, which never asks for one. The stamps name the
 * old URNs until each object's next write: the state records the address it stamped, which the guard accepts.
 */
describe("a stack of the dynamic classes moves to the native provider's types with nothing replaced", () => {
  it("the dynamic program makes an app and a catalog", async () => {
    const up = await installed.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    ids = (await installed.stack.outputs()) as typeof ids;
    expect(ids).toEqual({
      portalId: expect.any(String),
      kitId: expect.any(String),
      portalCreatedAt: expect.stringMatching(/^\d{4}-/),
      kitCreatedAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(await managedObjects(tenant, WORKSPACE)).toEqual([
      { kind: "App", id: ids.portalId, address: urn("pulumi-nodejs:dynamic/idgov:App", "portal") },
      {
        kind: "RequestCatalog",
        id: ids.kitId,
        address: urn("pulumi-nodejs:dynamic/idgov:RequestCatalog", "kit"),
      },
    ]);
  });

  it("the native program, each resource aliased to its dynamic type, previews and updates with no request written", async () => {
    await installed.stack.setConfig("migrate:door", "native");
    await clearRequests(tenant);
    const preview = await installed.stack.preview("--expect-no-changes", "--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    const up = await installed.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(writesOf(await loggedCalls(tenant))).toEqual([]);
    expect(await installed.stack.outputs()).toEqual(ids);
    const state = deployment(await installed.stack.exportState());
    expect(state.map(({ urn, id, provider }) => ({ urn, id, provider: provider?.split("::")[2] }))).toEqual([
      { urn: urn("idgov:index:App", "portal"), id: ids.portalId, provider: "pulumi:providers:idgov" },
      { urn: urn("idgov:index:RequestCatalog", "kit"), id: ids.kitId, provider: "pulumi:providers:idgov" },
      { urn: urn("pulumi:providers:idgov", "default"), id: expect.any(String), provider: undefined },
      { urn: urn("pulumi:pulumi:Stack", "idgov-migrate-e2e"), id: undefined, provider: undefined },
    ]);
  });

  it("the stamps naming the dynamic URNs stay valid: the drift check passes and sends no write", async () => {
    await clearRequests(tenant);
    const drift = await installed.stack.driftCheck();
    expect(drift.code, transcriptOf(drift)).toBe(0);
    expect(writesOf(await loggedCalls(tenant))).toEqual([]);
    expect((await managedObjects(tenant, WORKSPACE)).map((object) => object.address)).toEqual([
      urn("pulumi-nodejs:dynamic/idgov:App", "portal"),
      urn("pulumi-nodejs:dynamic/idgov:RequestCatalog", "kit"),
    ]);
  });

  it("the next write of an object carries its new address in the same masked update", async () => {
    await editProgram(installed.programDir, {
      from: "Kept through the move",
      to: "Moved to the native provider",
    });
    await clearRequests(tenant);
    const up = await installed.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(writesOf(await loggedCalls(tenant))).toEqual([
      {
        method: "POST",
        path: `/api/v1/apps/${ids.portalId}`,
        body: {
          app: {
            description: "Moved to the native provider",
            annotations: { iac_resource_address: urn("idgov:index:App", "portal") },
          },
          updateMask: "description,annotations",
        },
      },
    ]);
    expect(await managedObjects(tenant, WORKSPACE)).toEqual([
      { kind: "App", id: ids.portalId, address: urn("idgov:index:App", "portal") },
      {
        kind: "RequestCatalog",
        id: ids.kitId,
        address: urn("pulumi-nodejs:dynamic/idgov:RequestCatalog", "kit"),
      },
    ]);
  });

  it("a refresh drops the dynamic closure from the state and writes nothing; destroy deletes both", async () => {
    await clearRequests(tenant);
    const refresh = await installed.stack.runOnStack(["refresh", "--yes"]);
    expect(refresh.code, transcriptOf(refresh)).toBe(0);
    expect(await installed.stack.exportState()).not.toContain("__provider");
    expect(writesOf(await loggedCalls(tenant))).toEqual([]);
    const destroy = await installed.stack.destroy();
    expect(destroy.code, transcriptOf(destroy)).toBe(0);
    expect(await managedObjects(tenant, WORKSPACE)).toEqual([]);
  });
});
