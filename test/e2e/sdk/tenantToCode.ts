import { readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { expect, it } from "vitest";
import type { ExampleValue } from "../../../scripts/docs/native/examples";
import { resourceSubject } from "../../../scripts/docs/native/pages";
import { PYTHON_IMPORTS, pythonStatement } from "../../../scripts/docs/native/python";
import { SchemaView } from "../../../scripts/docs/native/schemaView";
import { DEFAULT_CREDENTIALS } from "../../../emulator/testing";
import { outOfBand } from "../../../testkit/emulatorApi";
import { transcriptOf } from "../../../testkit/command";
import { run, type SdkExampleContext } from "./sdkExample";

interface StateResource {
  type: string;
  urn: string;
  id?: string;
  inputs?: Record<string, ExampleValue>;
}

/**
 * The Python program of the imported resources of a stack: each `idgov:index:*` resource of its state, under its
 * name, with the inputs the provider's read gave it, written by the schema reference's Python writer.
 */
function programOfState(resources: readonly StateResource[]): string {
  const view = new SchemaView();
  const statements = resources.map((resource, index) => {
    const inputs = Object.fromEntries(Object.entries(resource.inputs ?? {}).filter(([key]) => !key.startsWith("__")));
    const resourceName = resource.urn.slice(resource.urn.lastIndexOf("::") + 2);
    const example = { variable: `imported${index}`, resourceName, inputs, exports: {} };
    return pythonStatement(resourceSubject(view, resource.type, example));
  });
  return [...PYTHON_IMPORTS, "", ...statements, ""].join("\n");
}

/**
 * Tenant to code for a Python user: objects made outside Pulumi, `pulumi-idgov export --format pulumi-import`, then
 * `pulumi import -f` into the Python stack. The stand-in Python host cannot generate code, so the import runs with
 * `--generate-code=false` and the program is written from the imported state; the next preview shows no change.
 */
export function pythonTenantToCode(context: () => SdkExampleContext): void {
  it("tenant to code: export --format pulumi-import, pulumi import -f, a program to match: no change right after the import, nor after an up", async () => {
    const { dirs, stack, emulator } = context();
    const made = [
      { displayName: "Made by hand (Python)", monthlyCostUsd: 7 },
      { displayName: "Also made by hand", description: "Outside Pulumi", monthlyCostUsd: 3 },
    ];
    const ids: string[] = [];
    for (const app of made) ids.push(((await outOfBand(emulator, "POST", "/api/v1/apps", app)).app as { id: string }).id);
    const importFile = path.join(path.dirname(dirs.programDir), "import.json");
    const env = {
      ...dirs.env,
      IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
      IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret,
    };
    const exportArgs = ["export", "--format", "pulumi-import", "--out", importFile, "--kinds", "App"];
    const appFlags = ids.flatMap((id) => ["--app", id]);
    await run("pulumi-idgov", [...exportArgs, ...appFlags, "--base-url", emulator.url], dirs.programDir, env);
    const entries = (JSON.parse(await readFile(importFile, "utf8")) as { resources: { type: string; id: string }[] })
      .resources;
    expect(entries.map(({ type, id }) => [type, id]).sort()).toEqual(ids.map((id) => ["idgov:index:App", id]).sort());

    const imported = await stack.runOnStack(["import", "-f", importFile, "--yes", "--protect=false", "--generate-code=false"]);
    expect(imported.code, transcriptOf(imported)).toBe(0);
    const state = JSON.parse(await stack.exportState()) as { deployment: { resources?: StateResource[] } };
    const resources = (state.deployment.resources ?? []).filter((resource) => resource.type.startsWith("idgov:index:"));
    expect(resources.map((resource) => resource.id).sort()).toEqual([...ids].sort());

    await writeFile(path.join(dirs.programDir, "__main__.py"), programOfState(resources));
    await run(path.join(dirs.programDir, "venv", "bin", "mypy"), ["--strict", "__main__.py"], dirs.programDir, env);
    // The program round-trips right after the import: the ownership stamps ride along with each object's next write.
    const preview = await stack.preview("--expect-no-changes", "--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    expect(preview.stdout).not.toContain("<null>");
    const up = await stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    const settled = await stack.preview("--expect-no-changes", "--diff");
    expect(settled.code, transcriptOf(settled)).toBe(0);
    // The stack and the two apps.
    expect(settled.stdout).toMatch(/3 unchanged/);
  });
}
