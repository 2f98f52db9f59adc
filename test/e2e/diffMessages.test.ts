import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, SEED, startEmulator } from "../../emulator";
import { clearRequests, outOfBand } from "../../testkit/emulatorApi";
import { loggedCalls, writesOf } from "./harness/apiCalls";
import { transcriptOf } from "../../testkit/command";
import type { ExampleStack } from "../../testkit/example";
import { openOwnershipProgram } from "./ownership/openProgram";
import type { PulumiStack } from "../../testkit/pulumiStack";

const APP = "/api/v1/apps/app-aws";
const urn = (name: string) => `urn:pulumi:alias::idgov-ownership::pulumi-nodejs:dynamic/idgov:App::${name}`;

/** The input anywhere in the CLI's output (the project, `idgov-ownership`, is named in every run). */
const OWNERSHIP_INPUT = /(?<!idgov-)ownership/;

let emulator: RunningEmulator;
let installed: ExampleStack;
let stack: PulumiStack;

async function liveAnnotations(): Promise<Record<string, string>> {
  return ((await outOfBand(emulator, "GET", APP)).app as { annotations: Record<string, string> }).annotations;
}

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  installed = await openOwnershipProgram(emulator, "alias", "Managed here");
  stack = installed.stack;
});
afterAll(async () => {
  await installed?.remove();
  await emulator?.close();
});

describe("the internal ownership input never shows in a diff", () => {
  it("is not listed when the app is adopted (`pulumi up --diff`)", async () => {
    const up = await stack.up("--diff");
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(up.stdout).toMatch(/description\s*: "Managed here"/);
    expect(up.stdout).not.toMatch(OWNERSHIP_INPUT);
    expect(await liveAnnotations()).toMatchObject({ iac_resource_address: urn("aws") });
  });

  it("a rename with an alias previews as no change, names no ownership, and `pulumi up` makes no API call", async () => {
    await stack.setConfig("owner:name", "amazon");
    await stack.setConfig("owner:formerName", "aws");
    await clearRequests(emulator);
    const preview = await stack.preview("--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    expect(preview.stdout).not.toMatch(OWNERSHIP_INPUT);
    expect(preview.stdout).not.toMatch(/to update|update \[/);
    const up = await stack.up("--diff");
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(up.stdout).not.toMatch(OWNERSHIP_INPUT);
    expect(await loggedCalls(emulator)).toEqual([]);
  });

  it("the drift check after the rename finds nothing: the object still names this resource", async () => {
    const drift = await stack.driftCheck();
    expect(drift.code, transcriptOf(drift)).toBe(0);
    expect(drift.stdout).not.toMatch(OWNERSHIP_INPUT);
  });

  it("the next real change restamps the new address with it, in one write, and names only the changed field", async () => {
    await stack.setConfig("owner:description", "Managed here, renamed");
    await clearRequests(emulator);
    const up = await stack.up("--diff");
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(up.stdout).toMatch(/~ description\s*: "Managed here" => "Managed here, renamed"/);
    expect(up.stdout).not.toMatch(OWNERSHIP_INPUT);
    const writes = writesOf(await loggedCalls(emulator));
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body).toMatchObject({ updateMask: "description,annotations" });
    expect(await liveAnnotations()).toMatchObject({ iac_resource_address: urn("amazon") });
    const drift = await stack.driftCheck();
    expect(drift.code, transcriptOf(drift)).toBe(0);
  });
});

describe("a drift run names only the fields that drifted", () => {
  const SECRET = "oidc-secret-drift-v1";
  const [member, admin, maintain] = SEED.entitlements.map(({ appId, id }) => ({ appId, id }));
  let ssoId = "";
  let catalogId = "";

  it("sets up an auth config with a client secret and a catalog of three entitlements", async () => {
    await stack.setConfig("owner:oidcSecret", SECRET, { secret: true });
    await stack.setConfig("owner:entitlements", JSON.stringify([member, admin, maintain]));
    const up = await stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    const exported = JSON.parse(await stack.exportState()) as {
      deployment: { resources: { urn: string; id?: string }[] };
    };
    const idOf = (name: string) =>
      exported.deployment.resources.find((resource) => resource.urn.endsWith(`::${name}`))?.id;
    ssoId = String(idOf("sso"));
    catalogId = String(idOf("starter-kit"));
    expect(ssoId).not.toBe("undefined");
    expect(catalogId).not.toBe("undefined");
  });

  it("`pulumi preview --refresh --diff` names the renamed fields, not the reordered set nor the unchanged secret", async () => {
    await outOfBand(emulator, "POST", `/api/v1/auth-configs/${ssoId}`, {
      authConfig: { displayName: "SSO renamed by hand" },
      updateMask: "displayName",
    });
    const bindings = `/api/v1/catalogs/${catalogId}/visibility_bindings`;
    await outOfBand(emulator, "DELETE", bindings, { accessEntitlements: [admin] });
    await outOfBand(emulator, "POST", bindings, { accessEntitlements: [admin] });
    await outOfBand(emulator, "POST", `/api/v1/catalogs/${catalogId}`, {
      catalog: { displayName: "Kit renamed by hand" },
      updateMask: "displayName",
    });
    const preview = await stack.preview("--refresh", "--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    expect(preview.stdout).toMatch(/~ displayName\s*: "SSO renamed by hand" => "Acme SSO"/);
    expect(preview.stdout).toMatch(/~ displayName\s*: "Kit renamed by hand" => "Starter kit"/);
    // Unchanged properties are listed without a mark; a changed one starts with +, - or ~.
    expect(preview.stdout).toMatch(/^\s+oidcClientSecret\s*: \[secret\]$/m);
    expect(preview.stdout).not.toMatch(/[-+~] (oidc|oidcClientSecret|accessEntitlements)\b|[-+~] \[\d+\]/);
  });

  it("after `pulumi refresh` the secret is still encrypted in state, and `pulumi up` puts back only the names", async () => {
    const refresh = await stack.runOnStack(["refresh", "--yes"]);
    expect(refresh.code, transcriptOf(refresh)).toBe(0);
    expect(await stack.exportState()).not.toContain(SECRET);
    await clearRequests(emulator);
    const up = await stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    const writes = writesOf(await loggedCalls(emulator));
    expect(writes).toHaveLength(2);
    expect(writes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: `/api/v1/auth-configs/${ssoId}`,
          body: { authConfig: { displayName: "Acme SSO" }, updateMask: "displayName" },
        }),
        expect.objectContaining({
          path: `/api/v1/catalogs/${catalogId}`,
          body: expect.objectContaining({ updateMask: "displayName" }),
        }),
      ]),
    );
  });
});
