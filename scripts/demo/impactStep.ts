/**
 * The demo's last step, "Who a change touches": a Pulumi YAML program through the native provider
 * (`pulumi-resource-idgov`, this checkout's build) adopts the seeded catalog `cat-engineering`, then a preview of
 * hiding it from everyone shows the provider's warning of who the change touches, counted by the tenant.
 */
import { access, mkdir, writeFile } from "node:fs/promises";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { ApiSession } from "../../emulator/testing";
import { REPO_ROOT, type PulumiSandbox } from "../../testkit/pulumiCli";
import { PulumiStack } from "../../testkit/pulumiStack";
import { apiRequests, clearRequests } from "../../testkit/emulatorApi";
import { DemoFailure, expectExit } from "./failure";
import { changedResources, commandLine, diagnosticWarnings, note, step } from "./output";
import { initEmulatorStack } from "./stack";

const CATALOG_ID = "cat-engineering";
const PLUGIN_MAIN = path.join(REPO_ROOT, "dist", "provider", "native", "main.js");
const WARNING =
  /^warning: RequestCatalog engineering \(cat-engineering\): visibleToEveryone: true → false: every user of the tenant but the catalog's (\d+) members? stops seeing it\b/;

/** A word the shell reads as it is. */
function shellQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A folder holding `pulumi-resource-idgov`: the checkout's built plugin, started as an installed one is. */
async function pluginDir(root: string): Promise<string> {
  await access(PLUGIN_MAIN).catch(() => {
    throw new DemoFailure(`${PLUGIN_MAIN} is missing: run npm run build first`);
  });
  const dir = path.join(root, "plugin");
  await mkdir(dir, { recursive: true });
  const launcher = `#!/bin/sh\nexec ${shellQuoted(process.execPath)} ${shellQuoted(PLUGIN_MAIN)} "$@"\n`;
  await writeFile(path.join(dir, "pulumi-resource-idgov"), launcher, { mode: 0o755 });
  return dir;
}

function program(pluginPath: string): string {
  return `name: idgov-impact
runtime: yaml
plugins:
  providers:
    - name: idgov
      path: ${JSON.stringify(pluginPath)}
config:
  engineeringVisible:
    type: boolean
    default: true
resources:
  engineering:
    type: idgov:index:RequestCatalog
    properties:
      adoptId: ${CATALOG_ID}
      visibleToEveryone: \${engineeringVisible}
`;
}

/** The live member count of the catalog, as the tenant answers it. */
async function memberCount(emulatorUrl: string): Promise<unknown> {
  const answer = await new ApiSession(emulatorUrl).get(`/api/v1/catalogs/${CATALOG_ID}`);
  return answer.body?.requestCatalogView?.memberCount;
}

/** Runs the step in `root` (the demo's throwaway folder), with the demo's CLI and file backend. */
export async function showWhoAChangeTouches(
  emulator: RunningEmulator,
  sandbox: PulumiSandbox,
  root: string,
): Promise<void> {
  const projectDir = path.join(root, "impact");
  await mkdir(projectDir);
  await writeFile(path.join(projectDir, "Pulumi.yaml"), program(await pluginDir(root)));
  const stack = new PulumiStack({ sandbox, projectDir, stack: "demo" });
  await initEmulatorStack(stack, emulator.url);
  console.log();
  step("Who a change touches: a Pulumi YAML program through the native provider pulumi-resource-idgov");
  note(`${path.join(projectDir, "Pulumi.yaml")}; its stack "demo" configured the same way`);

  commandLine("pulumi up --yes", `adopts the seeded request catalog ${CATALOG_ID} as it is`);
  const up = expectExit(await stack.upWithPreview(), 0, "pulumi up of the YAML program");
  changedResources(up, /\bcreated\b/);

  commandLine("pulumi config set engineeringVisible false", "hide the catalog from all but its members");
  await stack.setConfig("engineeringVisible", "false");

  await clearRequests(emulator);
  commandLine("pulumi preview", "the native provider warns of who the change touches");
  const preview = expectExit(await stack.preview(), 0, "pulumi preview of the hidden catalog");
  changedResources(preview, /\bupdate \[diff: ~visibleToEveryone\]$/);
  const warning = diagnosticWarnings(preview.stdout).find((line) => WARNING.test(line));
  if (warning === undefined)
    throw new DemoFailure("pulumi preview showed no warning of who the change touches", preview);
  note(warning);

  const writes = (await apiRequests(emulator)).filter((request) => request.method !== "GET");
  if (writes.length > 0) {
    const sent = writes.map((request) => `${request.method} ${request.path}`).join(", ");
    throw new DemoFailure(`the preview wrote to the tenant: ${sent}`, preview);
  }
  const counted = WARNING.exec(warning)?.[1];
  const live = await memberCount(emulator.url);
  if (String(live) !== counted)
    throw new DemoFailure(`the warning counts ${counted}, the tenant's memberCount is ${String(live)}`);
  note(
    `(${counted} is the catalog's memberCount in the tenant, who keep seeing it; the preview read it and wrote nothing)`,
  );
}
