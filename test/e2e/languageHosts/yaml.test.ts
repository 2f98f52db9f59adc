import { afterAll, describe, expect, inject, it } from "vitest";
import { expectSuccess, transcriptOf } from "../../../testkit/command";
import { openScratchStack, type ScratchStack } from "../harness/scratchProject";

/** A YAML program with no provider resource: config, variables and `fn::` builtins feeding the outputs. */
const builtinsProgram = `name: yaml-host-builtins
runtime: yaml
config:
  greeting:
    type: string
    default: hello
variables:
  words:
    - \${greeting}
    - from
    - yaml
  sentence:
    fn::join:
      - " "
      - \${words}
outputs:
  sentence: \${sentence}
  encoded:
    fn::toBase64: \${sentence}
  stack: \${pulumi.stack}
`;

/** A package no plugin on this machine serves (not `idgov`: its plugin may be on PATH one day). */
const ABSENT_PACKAGE = "notinstalledpkg";

const absentPackageProgram = `name: yaml-host-absent-package
runtime: yaml
resources:
  app:
    type: ${ABSENT_PACKAGE}:index:App
    properties:
      displayName: Payroll
`;

/**
 * The YAML language host that scripts/get-pulumi.sh puts beside the CLI runs programs under the real CLI: outputs
 * computed by builtins from stack config, and a clear failure for a resource whose package has no plugin (the host
 * resolves packages through the engine, as the native provider will need).
 */
describe("pulumi-language-yaml from scripts/get-pulumi.sh", () => {
  const opened: ScratchStack[] = [];
  afterAll(async () => {
    for (const project of opened) await project.remove();
  });

  it("runs up and stack output for a program of config, variables and fn:: builtins", async () => {
    const project = await openScratchStack({
      binDir: inject("pulumiBinDir"),
      files: { "Pulumi.yaml": builtinsProgram },
    });
    opened.push(project);
    await project.stack.setConfig("greeting", "bonjour");

    expectSuccess(await project.stack.up());

    expect(await project.stack.outputs()).toEqual({
      sentence: "bonjour from yaml",
      encoded: Buffer.from("bonjour from yaml").toString("base64"),
      stack: "dev",
    });
  });

  it("fails preview naming the resource and the missing plugin of a package that is not installed", async () => {
    const project = await openScratchStack({
      binDir: inject("pulumiBinDir"),
      files: { "Pulumi.yaml": absentPackageProgram },
    });
    opened.push(project);

    const preview = await project.stack.preview();

    expect(preview.code, transcriptOf(preview)).not.toBe(0);
    const output = preview.stdout + preview.stderr;
    expect(output).toContain(`error resolving type of resource app`);
    expect(output).toContain(`no resource plugin 'pulumi-resource-${ABSENT_PACKAGE}' found`);
    expect(output).toContain("on Pulumi.yaml line 5");
  });
});
