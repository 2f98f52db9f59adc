import { spawn } from "node:child_process";
import { access, constants, readdir, readFile, realpath, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { sharedEngine } from "../../testkit/nativePlugin";
import { outOfBand, setFaults } from "../../testkit/emulatorApi";
import { runCommand, transcriptOf } from "../../testkit/command";
import { managedObjects } from "./harness/managedObjects";
import type { ScratchStack } from "./harness/scratchProject";
import { openYamlExample } from "./harness/yamlExample";

const STACK = "e2e";
const PROJECT = "idgov-yaml";
const WORKSPACE = `organization/${PROJECT}/${STACK}`;
const urn = (name: string, type = "idgov:index:App") => `urn:pulumi:${STACK}::${PROJECT}::${type}::${name}`;

/** js-yaml, as `@pulumi/pulumi` ships it. */
const yaml = createRequire(require.resolve("@pulumi/pulumi"))("js-yaml") as {
  load(text: string): unknown;
  dump(value: unknown): string;
};

type Program = { resources: Record<string, { type: string; properties?: Record<string, unknown> }> };

let tenantA: RunningEmulator;
let tenantB: RunningEmulator;
let project: ScratchStack;
let outputs: { wikiId: string; wikiBId: string; starterKitId: string; githubName: string };
let sessionBefore: Record<string, unknown>;
let importedId: string;
let exportedIds: string[] = [];

const liveApp = async (tenant: RunningEmulator, id: string) =>
  (await outOfBand(tenant, "GET", `/api/v1/apps/${id}`)).app as Record<string, unknown>;
const liveSession = async (tenant: RunningEmulator) =>
  (await outOfBand(tenant, "GET", "/api/v1/settings/session")).sessionSettings as Record<string, unknown>;

/** Starts a plugin binary as the engine would; answers the first line it prints and whatever follows within 500 ms. */
async function firstStdout(bin: string): Promise<{ firstLine: string; rest: string }> {
  const engine = await sharedEngine();
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [engine.address], { stdio: ["ignore", "pipe", "ignore"] });
    let text = "";
    child.on("error", reject);
    child.stdout.on("data", (chunk: Buffer) => {
      const started = text.includes("\n");
      text += chunk.toString();
      if (!started && text.includes("\n")) {
        setTimeout(() => {
          child.kill();
          const [firstLine = "", ...rest] = text.split("\n");
          resolve({ firstLine, rest: rest.join("\n") });
        }, 500);
      }
    });
  });
}

/** `PATH` without any directory holding a `pulumi-resource-idgov` (an `npm run` puts the checkout's bin first). */
/** `pulumi import` of the ids `args` name (one resource, or `-f FILE`), and the YAML program the CLI wrote for them. */
async function importWithCode(args: readonly string[], file: string): Promise<Program> {
  const generatedFile = path.join(project.projectDir, "..", file);
  const imported = await project.stack.runOnStack([
    "import",
    ...args,
    "--yes",
    "--protect=false",
    "--out",
    generatedFile,
  ]);
  expect(imported.code, transcriptOf(imported)).toBe(0);
  return yaml.load(await readFile(generatedFile, "utf8")) as Program;
}

async function pathWithoutPlugin(pathList: string): Promise<string[]> {
  const kept: string[] = [];
  for (const dir of pathList.split(path.delimiter)) {
    const names = await readdir(dir).catch(() => [] as string[]);
    if (!names.includes("pulumi-resource-idgov")) kept.push(dir);
  }
  return kept;
}

beforeAll(async () => {
  tenantA = await startEmulator({ quiet: true });
  tenantB = await startEmulator({ quiet: true });
  project = await openYamlExample({
    binDir: inject("pulumiBinDir"),
    tarball: inject("packageTarball"),
    stack: STACK,
  });
  const { stack } = project;
  await stack.setConfig("idgov:baseUrl", tenantA.url);
  await stack.setConfig("idgov:clientId", DEFAULT_CREDENTIALS.clientId);
  await stack.setConfig("idgov:clientSecret", DEFAULT_CREDENTIALS.clientSecret, { secret: true });
  await stack.setConfig(`${PROJECT}:tenantBUrl`, tenantB.url);
  await stack.setConfig(`${PROJECT}:tenantBClientId`, DEFAULT_CREDENTIALS.clientId);
  await stack.setConfig(`${PROJECT}:tenantBClientSecret`, DEFAULT_CREDENTIALS.clientSecret, { secret: true });
  sessionBefore = await liveSession(tenantA);
});
afterAll(async () => {
  await project?.remove();
  await tenantA?.close();
  await tenantB?.close();
});

describe("examples/yaml: a Pulumi YAML program on two tenants through the packed pulumi-resource-idgov", () => {
  it("the installed bin is the packed plugin: executable, runnable from the install, only its port on stdout", async () => {
    const bin = path.join(project.projectDir, "node_modules", ".bin", "pulumi-resource-idgov");
    await access(bin, constants.X_OK);
    expect(await realpath(bin)).toBe(
      await realpath(
        path.join(project.projectDir, "node_modules/pulumi-idgov/dist/plugin/pulumi-resource-idgov.js"),
      ),
    );
    expect((await readFile(bin, "utf8")).startsWith("#!/usr/bin/env node\n")).toBe(true);
    const { firstLine, rest } = await firstStdout(bin);
    expect(firstLine).toMatch(/^\d+$/);
    expect(rest).toBe("");
  });

  it("up makes the app, catalog and session settings in tenant A and the app in tenant B, each stamped", async () => {
    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    outputs = (await project.stack.outputs()) as typeof outputs;
    expect(outputs.githubName).toBe("GitHub");
    expect(await liveApp(tenantA, outputs.wikiId)).toMatchObject({
      displayName: "Team Wiki",
      annotations: {
        team: "docs",
        managed_by: "pulumi",
        iac_workspace: WORKSPACE,
        iac_resource_address: urn("wiki"),
      },
    });
    expect(await liveSession(tenantA)).toMatchObject({
      maxSessionLength: "28800s", // the service answers durations in seconds
      externalClientsEnabled: false,
    });
    expect(await managedObjects(tenantA, WORKSPACE)).toEqual(
      expect.arrayContaining([
        { kind: "App", id: outputs.wikiId, address: urn("wiki") },
        {
          kind: "RequestCatalog",
          id: outputs.starterKitId,
          address: urn("starterKit", "idgov:index:RequestCatalog"),
        },
      ]),
    );
    expect(await managedObjects(tenantB, WORKSPACE)).toEqual([
      { kind: "App", id: outputs.wikiBId, address: urn("wikiB") },
    ]);
    expect(await project.stack.exportState()).not.toContain(DEFAULT_CREDENTIALS.clientSecret);
    const clean = await project.stack.preview("--expect-no-changes", "--diff");
    expect(clean.code, transcriptOf(clean)).toBe(0);
  });

  it("a change behind Pulumi's back in tenant B fails the drift check naming the field; up repairs it", async () => {
    await outOfBand(tenantB, "POST", `/api/v1/apps/${outputs.wikiBId}`, {
      app: { description: "Edited by hand" },
      updateMask: "description",
    });
    const drift = await project.stack.driftCheck();
    expect(drift.code, transcriptOf(drift)).not.toBe(0);
    expect(drift.stdout).toContain("idgov:index:App wikiB update [diff: ~description]");
    const up = await project.stack.up("--refresh");
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(await liveApp(tenantB, outputs.wikiBId)).toMatchObject({
      description: "The same wiki in tenant B",
    });
    const clean = await project.stack.driftCheck();
    expect(clean.code, transcriptOf(clean)).toBe(0);
  });

  it("a token endpoint answering a gateway's 404: refresh fails naming the address and the setting, and drops nothing", async () => {
    const urns = async () =>
      (
        JSON.parse(await project.stack.exportState()) as { deployment: { resources: { urn: string }[] } }
      ).deployment.resources.map((resource) => resource.urn);
    const before = await urns();
    await setFaults(tenantA, {
      script: [{ fault: "gatewayNotFoundHtml", pathPrefix: "/auth/v1/token", times: 1000 }],
    });
    try {
      const refresh = await project.stack.runOnStack(["refresh", "--yes", "--skip-preview"]);
      expect(refresh.code, transcriptOf(refresh)).not.toBe(0);
      expect(refresh.stdout + refresh.stderr).toContain(
        `no token endpoint at ${tenantA.url}/auth/v1/token: the server at ${new URL(tenantA.url).host} is not the ` +
          "Identity Governance Service's; check idgov:baseUrl (or IDGOV_BASE_URL)",
      );
      expect(refresh.stdout + refresh.stderr).not.toContain("deleted");
    } finally {
      await setFaults(tenantA, {});
    }
    expect(await urns()).toEqual(before);
    const clean = await project.stack.driftCheck();
    expect(clean.code, transcriptOf(clean)).toBe(0);
  });

  it("pulumi import writes YAML for an app made outside Pulumi; added to the program, preview --expect-no-changes exits 0", async () => {
    const made = await outOfBand(tenantA, "POST", "/api/v1/apps", {
      displayName: "Made by hand",
      monthlyCostUsd: 7,
    });
    const id = (made.app as { id: string }).id;
    const generated = await importWithCode(["idgov:index:App", "byHand", id], "imported.yaml");
    // The YAML code generator writes the token's short form (`idgov:App` for `idgov:index:App`).
    expect(generated.resources.byHand).toEqual({
      type: "idgov:App",
      properties: { displayName: "Made by hand", monthlyCostUsd: 7 },
    });
    const programFile = path.join(project.projectDir, "Pulumi.yaml");
    const program = yaml.load(await readFile(programFile, "utf8")) as Program;
    program.resources = { ...program.resources, ...generated.resources };
    await writeFile(programFile, yaml.dump(program));
    // The generated code round-trips: the ownership stamps ride along with the object's next write.
    const preview = await project.stack.preview("--expect-no-changes", "--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    expect(preview.stdout).not.toContain("<null>");
    importedId = id;
  });

  it('pulumi import of an id that names no object fails with the engine\'s "does not exist"', async () => {
    const missing = await project.stack.runOnStack([
      "import",
      "idgov:index:App",
      "nothing",
      "app-nope",
      "--yes",
    ]);
    expect(missing.code, transcriptOf(missing)).not.toBe(0);
    expect(transcriptOf(missing)).toContain("resource 'app-nope' does not exist");
    expect(transcriptOf(missing)).not.toContain("does not support importing");
  });

  it("pulumi import of a request catalog declares its accessEntitlements; a console change to them is drift", async () => {
    const made = await outOfBand(tenantA, "POST", "/api/v1/catalogs", { displayName: "Made in the console" });
    const { requestCatalog } = made.requestCatalogView as { requestCatalog: { id: string } };
    const id = requestCatalog.id;
    const bindings = `/api/v1/catalogs/${id}/visibility_bindings`;
    const entitlement = { appId: "app-github", id: "ent-github-org-member" };
    await outOfBand(tenantA, "POST", bindings, { accessEntitlements: [entitlement] });
    const type = "idgov:index:RequestCatalog";
    const generated = await importWithCode([type, "consoleCatalog", id], "imported-catalog.yaml");
    expect(generated.resources.consoleCatalog?.properties).toMatchObject({
      displayName: "Made in the console",
      accessEntitlements: [entitlement],
    });
    const programFile = path.join(project.projectDir, "Pulumi.yaml");
    const program = yaml.load(await readFile(programFile, "utf8")) as Program;
    program.resources = { ...program.resources, ...generated.resources };
    await writeFile(programFile, yaml.dump(program));
    const preview = await project.stack.preview("--expect-no-changes", "--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    // Someone grants more through the catalog in the console: the next drift run names the field.
    const added = { appId: "app-aws", id: "ent-aws-admin" };
    await outOfBand(tenantA, "POST", bindings, { accessEntitlements: [added] });
    const drift = await project.stack.driftCheck();
    expect(drift.code, transcriptOf(drift)).not.toBe(0);
    expect(drift.stdout).toContain(`${type} consoleCatalog update [diff: ~accessEntitlements]`);
    await outOfBand(tenantA, "DELETE", bindings, { accessEntitlements: [added] });
    const clean = await project.stack.driftCheck();
    expect(clean.code, transcriptOf(clean)).toBe(0);
  });

  it("pulumi do lists every app of tenant A through the plugin's List, with ids and display names", async () => {
    const bin = path.join(project.projectDir, "node_modules", ".bin", "pulumi-resource-idgov");
    const env = {
      ...project.stack.env,
      IDGOV_BASE_URL: tenantA.url,
      IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
      IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret,
    };
    const listed = await runCommand(
      "pulumi",
      ["do", "--package", bin, "idgov:index:App", "list", "--all", "--color", "never"],
      { cwd: path.dirname(project.projectDir), env },
    );
    expect(listed.code, transcriptOf(listed)).toBe(0);
    const apps = (await outOfBand(tenantA, "GET", "/api/v1/apps?page_size=100")).list as {
      id: string;
      displayName: string;
    }[];
    expect(JSON.parse(listed.stdout)).toEqual(apps.map((app) => ({ id: app.id, name: app.displayName })));
    expect(apps.map((app) => app.id)).toContain(outputs.wikiId);
  });

  it("tenant to code: export --format pulumi-import, pulumi import -f writes the YAML; added, preview --expect-no-changes exits 0", async () => {
    const made = [
      { displayName: "Exported by hand", monthlyCostUsd: 11 },
      { displayName: "Exported too", description: "Outside Pulumi" },
    ];
    const ids: string[] = [];
    for (const app of made)
      ids.push(((await outOfBand(tenantA, "POST", "/api/v1/apps", app)).app as { id: string }).id);
    const importFile = path.join(project.projectDir, "..", "import.json");
    const cli = path.join(project.projectDir, "node_modules", ".bin", "pulumi-idgov");
    const exportRun = await runCommand(
      cli,
      [
        "export",
        "--format",
        "pulumi-import",
        "--out",
        importFile,
        "--kinds",
        "App",
        "--base-url",
        tenantA.url,
      ].concat(ids.flatMap((id) => ["--app", id])),
      {
        cwd: project.projectDir,
        env: {
          ...project.stack.env,
          IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
          IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret,
        },
      },
    );
    expect(exportRun.code, transcriptOf(exportRun)).toBe(0);
    const generated = await importWithCode(["-f", importFile], "imported-tenant.yaml");
    expect(Object.values(generated.resources)).toEqual(
      expect.arrayContaining([
        { type: "idgov:App", properties: { displayName: "Exported by hand", monthlyCostUsd: 11 } },
        {
          type: "idgov:App",
          properties: {
            displayName: "Exported too",
            description: "Outside Pulumi",
          },
        },
      ]),
    );
    const programFile = path.join(project.projectDir, "Pulumi.yaml");
    const program = yaml.load(await readFile(programFile, "utf8")) as Program;
    program.resources = { ...program.resources, ...generated.resources };
    await writeFile(programFile, yaml.dump(program));
    // The generated code round-trips: the ownership stamps ride along with each object's next write.
    const preview = await project.stack.preview("--expect-no-changes", "--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    expect(preview.stdout).not.toContain("<null>");
    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    const settled = await project.stack.preview("--expect-no-changes", "--diff");
    expect(settled.code, transcriptOf(settled)).toBe(0);
    exportedIds = ids;
  });

  it("destroy leaves no object managed by the stack in either tenant, and puts the session settings back", async () => {
    const destroy = await project.stack.destroy();
    expect(destroy.code, transcriptOf(destroy)).toBe(0);
    expect(await managedObjects(tenantA, WORKSPACE)).toEqual([]);
    expect(await managedObjects(tenantB, WORKSPACE)).toEqual([]);
    await expect(liveApp(tenantA, outputs.wikiId)).rejects.toThrow(/404/);
    await expect(liveApp(tenantA, importedId)).rejects.toThrow(/404/);
    for (const id of exportedIds) await expect(liveApp(tenantA, id)).rejects.toThrow(/404/);
    expect(await liveSession(tenantA)).toMatchObject({
      maxSessionLength: sessionBefore.maxSessionLength,
      externalClientsEnabled: sessionBefore.externalClientsEnabled,
    });
  });
});

describe("a YAML program with no plugins.providers path: the plugin is found on PATH", () => {
  it("off PATH, preview fails naming the plugin to install; with node_modules/.bin on PATH, up and destroy succeed", async () => {
    const programFile = path.join(project.projectDir, "Pulumi.yaml");
    const program = yaml.load(await readFile(programFile, "utf8")) as Program & Record<string, unknown>;
    delete program.plugins;
    delete program.variables;
    program.resources = { onPath: { type: "idgov:index:App", properties: { displayName: "Found on PATH" } } };
    program.outputs = { onPathId: "${onPath.id}" };
    await writeFile(programFile, yaml.dump(program));
    const { env } = project.stack;
    const pathBefore = env.PATH;
    const withoutPlugin = await pathWithoutPlugin(env.PATH ?? "");
    try {
      env.PATH = withoutPlugin.join(path.delimiter);
      const missing = await project.stack.preview();
      expect(missing.code, transcriptOf(missing)).not.toBe(0);
      // The engine's own words, with automatic plugin acquisition off as in every e2e test; with it on, the engine
      // first tries a download (docs/guides/native-provider.md says what that prints).
      expect(missing.stdout + missing.stderr).toContain(
        `no resource plugin 'pulumi-resource-idgov' found in the workspace or on your $PATH`,
      );

      env.PATH = [path.join(project.projectDir, "node_modules", ".bin"), ...withoutPlugin].join(
        path.delimiter,
      );
      const up = await project.stack.up();
      expect(up.code, transcriptOf(up)).toBe(0);
      const { onPathId } = (await project.stack.outputs()) as { onPathId: string };
      expect(await liveApp(tenantA, onPathId)).toMatchObject({
        displayName: "Found on PATH",
        annotations: { managed_by: "pulumi", iac_resource_address: urn("onPath") },
      });
      const destroy = await project.stack.destroy();
      expect(destroy.code, transcriptOf(destroy)).toBe(0);
      await expect(liveApp(tenantA, onPathId)).rejects.toThrow(/404/);
    } finally {
      env.PATH = pathBefore;
    }
  });
});
