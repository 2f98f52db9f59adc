import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { expectSuccess, runCommand, transcriptOf } from "../../testkit/command";
import { installPackage } from "../../testkit/example";
import { openScratchStack, type ScratchStack } from "./harness/scratchProject";

/** js-yaml, as `@pulumi/pulumi` ships it. */
const yaml = createRequire(require.resolve("@pulumi/pulumi"))("js-yaml") as {
  load(text: string): unknown;
  dump(value: unknown): string;
};

type Program = { resources?: Record<string, { type: string; properties?: Record<string, unknown> }> };

/** An empty YAML program of the native provider, installed from the packed package as a YAML user's would be. */
const PROGRAM = `name: idgov-import-all
runtime: yaml
plugins:
  providers:
    - name: idgov
      path: ./node_modules/.bin
resources: {}
`;

let tenant: RunningEmulator;
let project: ScratchStack;

beforeAll(async () => {
  tenant = await startEmulator({ quiet: true });
  project = await openScratchStack({ binDir: inject("pulumiBinDir"), files: { "Pulumi.yaml": PROGRAM } });
  await installPackage(project.projectDir, inject("packageTarball"));
  await project.stack.setConfig("idgov:baseUrl", tenant.url);
  await project.stack.setConfig("idgov:clientId", DEFAULT_CREDENTIALS.clientId);
  await project.stack.setConfig("idgov:clientSecret", DEFAULT_CREDENTIALS.clientSecret, { secret: true });
});
afterAll(async () => {
  await project?.remove();
  await tenant?.close();
});

describe("a whole seeded tenant to YAML: export --format pulumi-import, then pulumi import -f", () => {
  it("imports every seeded object of every kind into YAML that previews with no change, an unlisted enum member left out", async () => {
    const importFile = path.join(project.projectDir, "..", "import.json");
    const cli = path.join(project.projectDir, "node_modules", ".bin", "pulumi-idgov");
    const exported = await runCommand(
      cli,
      [
        "export",
        "--format",
        "pulumi-import",
        "--out",
        importFile,
        "--base-url",
        tenant.url,
        // Campaign scopes and app resources are exported for the campaigns and collections named.
        "--access-review",
        "ar-2026-q4-privileged",
        "--app-resources",
        "app-github/rt-github-repository",
      ],
      {
        cwd: project.projectDir,
        env: {
          ...project.stack.env,
          IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
          IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret,
        },
      },
    );
    expect(exported.code, transcriptOf(exported)).toBe(0);
    const entries = (JSON.parse(await readFile(importFile, "utf8")) as { resources: { type: string }[] })
      .resources;
    expect(new Set(entries.map((entry) => entry.type)).size).toBe(9);

    const generatedFile = path.join(project.projectDir, "..", "imported.yaml");
    const imported = await project.stack.runOnStack([
      "import",
      "-f",
      importFile,
      "--yes",
      "--protect=false",
      "--out",
      generatedFile,
    ]);
    expect(imported.code, transcriptOf(imported)).toBe(0);
    // The seeded auth config whose status the schema does not list: the warning names it, the code leaves it out.
    expect(imported.stdout + imported.stderr).toContain(
      "status holds AUTH_CONFIG_STATUS_PENDING_VERIFICATION, a member this version of pulumi-idgov does not list",
    );
    const generatedText = await readFile(generatedFile, "utf8");
    expect(generatedText).not.toContain("PENDING_VERIFICATION");
    const generated = yaml.load(generatedText) as Program;
    expect(Object.keys(generated.resources ?? {})).toHaveLength(entries.length);

    const programFile = path.join(project.projectDir, "Pulumi.yaml");
    const program = yaml.load(await readFile(programFile, "utf8")) as Program;
    program.resources = generated.resources ?? {};
    await writeFile(programFile, yaml.dump(program));
    const preview = await project.stack.preview("--expect-no-changes", "--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
  });
});
