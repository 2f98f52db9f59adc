import { writeFile } from "node:fs/promises";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { readState } from "../../provider/engine/stateCodec";
import { outOfBand } from "../../testkit/emulatorApi";
import { transcriptOf } from "../../testkit/command";
import { managedObjects } from "./harness/managedObjects";
import type { ScratchStack } from "./harness/scratchProject";
import { openYamlExample } from "./harness/yamlExample";

const STACK = "tenants";
const PROJECT = "idgov-yaml";
const WORKSPACE = `organization/${PROJECT}/${STACK}`;
const urn = (name: string) => `urn:pulumi:${STACK}::${PROJECT}::idgov:index:App::${name}`;

/** A YAML program: `wiki` under an explicit provider whose tenant is stack config, `notes` under the default one. */
const PROGRAM = `name: ${PROJECT}
runtime: yaml
plugins:
  providers:
    - name: idgov
      path: ./node_modules/.bin
config:
  tenantUrl:
    type: string
resources:
  tenant:
    type: pulumi:providers:idgov
    properties:
      baseUrl: \${tenantUrl}
  wiki:
    type: idgov:index:App
    properties:
      displayName: Team Wiki
    options:
      provider: \${tenant}
  notes:
    type: idgov:index:App
    properties:
      displayName: Release notes
outputs:
  wikiId: \${wiki.id}
  notesId: \${notes.id}
`;

let tenantA: RunningEmulator;
let tenantB: RunningEmulator;
let project: ScratchStack;

/** Every request a tenant received since its log was last cleared, token requests included. */
async function requestsOf(tenant: RunningEmulator): Promise<string[]> {
  const answer = (await (await fetch(`${tenant.url}/__emulator/requests`)).json()) as {
    requests: { method: string; path: string }[];
  };
  return answer.requests.map((request) => `${request.method} ${request.path}`);
}

async function clearLogs(): Promise<void> {
  for (const tenant of [tenantA, tenantB])
    await fetch(`${tenant.url}/__emulator/requests`, { method: "DELETE" });
}

const origin = (tenant: RunningEmulator) => new URL(tenant.url).origin;
const stackOutputs = async () => (await project.stack.outputs()) as { wikiId: string; notesId: string };

beforeAll(async () => {
  tenantA = await startEmulator({ quiet: true });
  tenantB = await startEmulator({ quiet: true });
  project = await openYamlExample({
    binDir: inject("pulumiBinDir"),
    tarball: inject("packageTarball"),
    stack: STACK,
  });
  await writeFile(path.join(project.projectDir, "Pulumi.yaml"), PROGRAM);
  // Credentials and the default provider's tenant come from IDGOV_* variables, which the engine never sees.
  Object.assign(project.stack.env, {
    IDGOV_BASE_URL: tenantA.url,
    IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
    IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret,
  });
  await project.stack.setConfig(`${PROJECT}:tenantUrl`, tenantA.url);
});
afterAll(async () => {
  await project?.remove();
  await tenantA?.close();
  await tenantB?.close();
});

describe("a tenant is part of a provider's identity (YAML, packed plugin, two emulators)", () => {
  it("up makes both apps in tenant A, each state recording tenant A", async () => {
    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    const { wikiId, notesId } = await stackOutputs();
    expect(await managedObjects(tenantA, WORKSPACE)).toEqual(
      expect.arrayContaining([
        { kind: "App", id: wikiId, address: urn("wiki") },
        { kind: "App", id: notesId, address: urn("notes") },
      ]),
    );
    const { deployment } = JSON.parse(await project.stack.exportState()) as {
      deployment: { resources: { type: string; outputs?: Record<string, unknown> }[] };
    };
    const apps = deployment.resources.filter((resource) => resource.type === "idgov:index:App");
    expect(apps.map((app) => readState(app.outputs).__tenant)).toEqual([origin(tenantA), origin(tenantA)]);
  });

  it("the same address spelled differently replaces nothing", async () => {
    await project.stack.setConfig(`${PROJECT}:tenantUrl`, `${tenantA.url.replace("http://", "HTTP://")}/`);
    const preview = await project.stack.preview("--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    expect(preview.stdout).not.toMatch(/replace/);
    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(up.stdout).not.toMatch(/replace/);
  });

  it("re-pointing the explicit provider at tenant B replaces its app: created in B, deleted from A, each request on its own tenant", async () => {
    const { wikiId: oldId, notesId } = await stackOutputs();
    await project.stack.setConfig(`${PROJECT}:tenantUrl`, tenantB.url);
    await clearLogs();
    const preview = await project.stack.preview("--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    const replaced = (type: string, id: string, name: string) =>
      new RegExp(`\\+-${type}: \\(replace\\)\\s+\\[id=${id}\\]\\s+\\[urn=[^\\]]+::${name}\\]`);
    expect(preview.stdout).toMatch(replaced("pulumi:providers:idgov", "[^\\]]+", "tenant"));
    expect(preview.stdout).toMatch(replaced("idgov:index:App", oldId, "wiki"));
    expect(preview.stdout).not.toMatch(replaced("idgov:index:App", notesId, "notes"));
    expect(preview.stdout).toMatch(/Resources:\s+\+-2 to replace\s+2 unchanged/);
    expect(await requestsOf(tenantB)).toEqual([]);
    expect((await requestsOf(tenantA)).filter((line) => !line.startsWith("GET "))).toEqual([]);

    await clearLogs();
    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    const { wikiId: newId } = await stackOutputs();
    const inA = await requestsOf(tenantA);
    const inB = await requestsOf(tenantB);
    expect(inA).toContain(`DELETE /api/v1/apps/${oldId}`);
    expect(inA.filter((line) => line.includes(newId))).toEqual([]);
    expect(inA.filter((line) => line.startsWith("POST /api/"))).toEqual([]);
    expect(inB).toContain("POST /api/v1/apps");
    expect(inB.filter((line) => line.includes(oldId) || line.includes(notesId))).toEqual([]);
    expect(inB.filter((line) => line.startsWith("DELETE "))).toEqual([]);

    // Nothing of tenant A is left stamped as the stack's but the app still under the default provider.
    expect(await managedObjects(tenantA, WORKSPACE)).toEqual([
      { kind: "App", id: notesId, address: urn("notes") },
    ]);
    expect(await managedObjects(tenantB, WORKSPACE)).toEqual([
      { kind: "App", id: newId, address: urn("wiki") },
    ]);
    await expect(outOfBand(tenantA, "GET", `/api/v1/apps/${oldId}`)).rejects.toThrow(/404/);
    const clean = await project.stack.preview("--expect-no-changes");
    expect(clean.code, transcriptOf(clean)).toBe(0);
  });

  it("IDGOV_BASE_URL switched under the stack: refresh and up fail naming both tenants, sending nothing to tenant A or about its app", async () => {
    const { notesId } = await stackOutputs();
    project.stack.env.IDGOV_BASE_URL = tenantB.url;
    try {
      for (const run of [() => project.stack.runOnStack(["refresh", "--yes"]), () => project.stack.up()]) {
        await clearLogs();
        const result = await run();
        const told = result.stdout + result.stderr;
        expect(result.code, transcriptOf(result)).not.toBe(0);
        expect(told).toContain(`"${notesId}" lives in tenant ${origin(tenantA)}`);
        expect(told).toContain(`the idgov provider now points at ${origin(tenantB)}`);
        expect(await requestsOf(tenantA)).toEqual([]);
        // Tenant B hears only of its own app (the explicit provider's), never of tenant A's.
        expect((await requestsOf(tenantB)).filter((line) => line.includes(notesId))).toEqual([]);
      }
      expect(await managedObjects(tenantA, WORKSPACE)).toEqual([
        { kind: "App", id: notesId, address: urn("notes") },
      ]);
    } finally {
      project.stack.env.IDGOV_BASE_URL = tenantA.url;
    }
  });

  it("stack config idgov:baseUrl set to tenant B replaces the default provider's app: created in B, deleted from A", async () => {
    const { wikiId, notesId: oldId } = await stackOutputs();
    await project.stack.setConfig("idgov:baseUrl", tenantB.url);
    await clearLogs();
    const preview = await project.stack.preview("--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    expect(preview.stdout).toMatch(
      new RegExp(`\\+-idgov:index:App: \\(replace\\)\\s+\\[id=${oldId}\\]\\s+\\[urn=[^\\]]+::notes\\]`),
    );
    expect(preview.stdout).toContain("pulumi:providers:idgov::default::[unknown]");
    // The engine shows no default provider; the replacement of the app under it is the preview's one change.
    expect(preview.stdout).toMatch(/Resources:\s+\+-1 to replace\s+3 unchanged/);

    await clearLogs();
    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    const { notesId: newId } = await stackOutputs();
    const inA = await requestsOf(tenantA);
    const inB = await requestsOf(tenantB);
    expect(inA).toContain(`DELETE /api/v1/apps/${oldId}`);
    expect(inA.filter((line) => line.includes(newId) || line.startsWith("POST /api/"))).toEqual([]);
    expect(inB).toContain("POST /api/v1/apps");
    expect(inB.filter((line) => line.includes(oldId) || line.startsWith("DELETE "))).toEqual([]);
    expect(await managedObjects(tenantA, WORKSPACE)).toEqual([]);
    expect(await managedObjects(tenantB, WORKSPACE)).toEqual(
      expect.arrayContaining([
        { kind: "App", id: wikiId, address: urn("wiki") },
        { kind: "App", id: newId, address: urn("notes") },
      ]),
    );
  });

  it("destroy, with both apps in tenant B, leaves no object stamped as the stack's in either tenant", async () => {
    const destroy = await project.stack.destroy();
    expect(destroy.code, transcriptOf(destroy)).toBe(0);
    expect(await managedObjects(tenantA, WORKSPACE)).toEqual([]);
    expect(await managedObjects(tenantB, WORKSPACE)).toEqual([]);
  });
});
