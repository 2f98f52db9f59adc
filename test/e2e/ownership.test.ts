import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { outOfBand } from "../../testkit/emulatorApi";
import { transcriptOf } from "../../testkit/command";
import type { ExampleStack } from "../../testkit/example";
import { openOwnershipProgram } from "./ownership/openProgram";
import { PulumiStack } from "../../testkit/pulumiStack";

const APP = "/api/v1/apps/app-aws";
const workspace = (stack: string) => `organization/idgov-ownership/${stack}`;
const URN_A = "urn:pulumi:team-a::idgov-ownership::pulumi-nodejs:dynamic/idgov:App::aws";

let emulator: RunningEmulator;
let installed: ExampleStack;
let a: PulumiStack;
let b: PulumiStack;

/** A stack of the installed program configured for the emulator, as the README tells a user. */
async function addStack(name: string, config: Record<string, string>): Promise<PulumiStack> {
  const stack = new PulumiStack({ ...installed.stack.options, stack: name });
  await stack.init();
  await stack.setAllConfig(
    { "idgov:baseUrl": emulator.url, "idgov:clientId": DEFAULT_CREDENTIALS.clientId, ...config },
    { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret },
  );
  return stack;
}

async function liveApp(): Promise<Record<string, unknown>> {
  return (await outOfBand(emulator, "GET", APP)).app as Record<string, unknown>;
}

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  installed = await openOwnershipProgram(emulator, "team-a", "Managed by team A");
  a = installed.stack;
  b = await addStack("team-b", { "owner:description": "Managed by team B", "owner:allowTakeover": "true" });
});
afterAll(async () => {
  await installed?.remove();
  await emulator?.close();
});

describe("two stacks on one tenant: the stack that lost an app to a takeover never writes or deletes it", () => {
  it("stack A adopts the app", async () => {
    const up = await a.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(await liveApp()).toMatchObject({ annotations: { iac_workspace: workspace("team-a") } });
  });

  it("stack B takes it over with allowTakeover: true", async () => {
    const up = await b.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(await liveApp()).toMatchObject({
      description: "Managed by team B",
      annotations: {
        iac_workspace: workspace("team-b"),
        iac_resource_address: expect.stringContaining("team-b"),
      },
    });
  });

  it("stack A's drift run fails naming the new owner, and writes nothing", async () => {
    const drift = await a.driftCheck();
    expect(drift.code, transcriptOf(drift)).not.toBe(0);
    expect(drift.stdout + drift.stderr).toContain(
      `App "app-aws" (aws): its annotations say it is managed by workspace "${workspace("team-b")}", tool "pulumi", ` +
        `not by this stack (workspace "${workspace("team-a")}"); this stack will not update or delete it.`,
    );
    expect(await liveApp()).toMatchObject({ description: "Managed by team B" });
  });

  it("stack A's destroy leaves the app to its new owner, with a message naming it and the way to let go", async () => {
    const destroy = await a.destroy();
    expect(destroy.code, transcriptOf(destroy)).not.toBe(0);
    expect(destroy.stdout + destroy.stderr).toContain(
      `delete refused: App "app-aws" (aws): its annotations say it is managed by workspace "${workspace("team-b")}"`,
    );
    expect(destroy.stdout + destroy.stderr).toContain(`pulumi state delete '${URN_A}'`);
    expect(await liveApp()).toMatchObject({
      description: "Managed by team B",
      annotations: { iac_workspace: workspace("team-b") },
    });
  });

  it("after `pulumi state delete`, stack A lets go and the app stays with stack B, which can still change it", async () => {
    const letGo = await a.runOnStack(["state", "delete", URN_A, "--yes"]);
    expect(letGo.code, transcriptOf(letGo)).toBe(0);
    await b.setConfig("owner:description", "Still team B's");
    const up = await b.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(await liveApp()).toMatchObject({
      description: "Still team B's",
      annotations: { iac_workspace: workspace("team-b") },
    });
  });
});
