import { mkdir, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectSuccess, runCommand, transcriptOf } from "../../../testkit/command";
import { openScratchStack, type ScratchStack } from "../harness/scratchProject";

/** The Python SDK of the CLI that scripts/get-pulumi.sh builds (PyPI serves it). */
const PULUMI_PYTHON_SDK = "pulumi==3.248.0";

/** A package no plugin on this machine serves; its Python SDK is faked in the virtualenv. */
const ABSENT_PACKAGE = "notinstalledpkg";

const project = `name: python-host-check
runtime:
  name: python
  options:
    virtualenv: venv
`;

const program = `import os
import pulumi

config = pulumi.Config()
pulumi.export("sentence", f"{config.require('greeting')} from python")
pulumi.export("stack", pulumi.get_stack())
if os.environ.get("REGISTER_ABSENT_PACKAGE"):
    pulumi.CustomResource("${ABSENT_PACKAGE}:index:Thing", "thing", {})
`;

async function run(file: string, args: string[], cwd: string): Promise<string> {
  return expectSuccess(await runCommand(file, args, { cwd, env: process.env, timeoutMs: 180_000 })).stdout;
}

/**
 * Installs what a generated SDK of ${ABSENT_PACKAGE} 1.2.3 would put in site-packages: a module with its
 * pulumi-plugin.json and the distribution's metadata.
 */
async function fakeSdkDistribution(python: string, cwd: string): Promise<void> {
  const site = (
    await run(python, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd)
  ).trim();
  const dist = `pulumi_${ABSENT_PACKAGE}-1.2.3.dist-info`;
  const files: Record<string, string> = {
    [`${ABSENT_PACKAGE}/__init__.py`]: "",
    [`${ABSENT_PACKAGE}/pulumi-plugin.json`]: JSON.stringify({
      resource: true,
      name: ABSENT_PACKAGE,
      version: "1.2.3",
    }),
    [`${dist}/METADATA`]: `Metadata-Version: 2.1\nName: pulumi_${ABSENT_PACKAGE}\nVersion: 1.2.3\n`,
  };
  files[`${dist}/RECORD`] = [...Object.keys(files), `${dist}/RECORD`].map((f) => `${f},,\n`).join("");
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), text);
  }
}

/**
 * The pulumi-language-python that scripts/get-pulumi.sh puts beside the CLI (a stand-in: the module proxy refuses
 * the official one) makes a program's virtualenv (`pulumi install`), runs the program from it under the real CLI,
 * and reports the Pulumi packages installed there so the engine looks for their plugins.
 */
describe("pulumi-language-python from scripts/get-pulumi.sh", () => {
  let scratch: ScratchStack;

  beforeAll(async () => {
    scratch = await openScratchStack({
      binDir: inject("pulumiBinDir"),
      files: { "Pulumi.yaml": project, "__main__.py": program, "requirements.txt": `${PULUMI_PYTHON_SDK}\n` },
    });
    // As a user would: the host's InstallDependencies creates the virtualenv and installs requirements.txt.
    expectSuccess(await scratch.stack.run(["install", "--no-plugins"], 180_000));
    await fakeSdkDistribution(path.join(scratch.projectDir, "venv", "bin", "python"), scratch.projectDir);
  });

  afterAll(async () => {
    await scratch?.remove();
  });

  it("runs up and stack output for a program reading stack config", async () => {
    await scratch.stack.setConfig("greeting", "bonjour");

    expectSuccess(await scratch.stack.up());

    expect(await scratch.stack.outputs()).toEqual({ sentence: "bonjour from python", stack: "dev" });
  });

  it("asks the engine for the plugin, at its version, of a package installed in the virtualenv", async () => {
    Object.assign(scratch.stack.env, { REGISTER_ABSENT_PACKAGE: "1" });

    const preview = await scratch.stack.preview();

    expect(preview.code, transcriptOf(preview)).not.toBe(0);
    expect(preview.stdout + preview.stderr).toContain(
      `no resource plugin 'pulumi-resource-${ABSENT_PACKAGE}' found in the workspace at version v1.2.3`,
    );
  });
});
