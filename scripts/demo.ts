/**
 * `npm run demo`: the quickstart under the real Pulumi CLI against a local emulator of the Identity Governance
 * API. It runs `pulumi up`, changes the tenant behind Pulumi's back, shows the drift check catching it and
 * `pulumi up --refresh` putting it right; then a preview through the native provider warns of who a change touches
 * (`scripts/demo/impactStep.ts`). It says where the state is. Exit code 0 when all went as expected.
 *
 * The root project (`Pulumi.yaml`, program `examples/quickstart/`, this checkout's node_modules) runs from a
 * throwaway folder so that no stack file or state lands in the checkout.
 */
import { copyFile, mkdir, mkdtemp, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { startEmulator } from "../emulator";
import { ApiSession } from "../emulator/testing";
import { getPulumiCli, PULUMI_VERSION, REPO_ROOT } from "../testkit/pulumiCli";
import { PulumiStack } from "../testkit/pulumiStack";
import { DemoFailure, expectExit } from "./demo/failure";
import { showWhoAChangeTouches } from "./demo/impactStep";
import { changedResources, commandLine, note, step } from "./demo/output";
import { initEmulatorStack } from "./demo/stack";

const PASSPHRASE = "pulumi-idgov-demo";
const WIKI_DESCRIPTION = "Internal documentation, requested through the engineering starter kit";

/** A folder holding the root project (its Pulumi.yaml, with the examples and node_modules of this checkout). */
async function rootProjectCopy(root: string): Promise<string> {
  const projectDir = path.join(root, "project");
  await mkdir(projectDir, { recursive: true });
  await copyFile(path.join(REPO_ROOT, "Pulumi.yaml"), path.join(projectDir, "Pulumi.yaml"));
  await symlink(path.join(REPO_ROOT, "examples"), path.join(projectDir, "examples"), "dir");
  await symlink(path.join(REPO_ROOT, "node_modules"), path.join(projectDir, "node_modules"), "dir");
  return projectDir;
}

async function pulumiCli(): Promise<string> {
  const started = Date.now();
  let building: NodeJS.Timeout | undefined;
  const onProgress = (chunk: string) => {
    if (building === undefined && chunk.includes("building pulumi")) {
      note(`building Pulumi CLI ${PULUMI_VERSION} from source with Go (first run only; minutes) ...`);
      building = setInterval(
        () => note(`still building (${Math.round((Date.now() - started) / 60_000)} min)`),
        60_000,
      );
    }
  };
  try {
    return await getPulumiCli({ onProgress });
  } finally {
    clearInterval(building);
  }
}

async function demo(): Promise<void> {
  console.log(
    "pulumi-idgov demo: the quickstart program against a local emulator of the Identity Governance API\n",
  );
  const emulator = await startEmulator({ quiet: true });
  const stopEmulator = () => emulator.close();
  process.once("SIGINT", () => void stopEmulator().finally(() => process.exit(130)));
  try {
    step(`Emulator running at ${emulator.url} (a seeded demo tenant; nothing leaves this machine)`);
    const binDir = await pulumiCli();
    step(`Pulumi CLI ${PULUMI_VERSION} in ${binDir}`);

    const root = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-demo-"));
    const sandbox = {
      binDir,
      stateDir: path.join(root, "state"),
      homeDir: path.join(root, "home"),
      passphrase: PASSPHRASE,
    };
    await mkdir(sandbox.stateDir);
    const projectDir = await rootProjectCopy(root);
    const stack = new PulumiStack({ sandbox, projectDir, stack: "demo" });
    await initEmulatorStack(stack, emulator.url);
    step('Stack "demo" configured: idgov:baseUrl, idgov:clientId, idgov:clientSecret (set with --secret)');

    commandLine("pulumi up --yes", "adopts two apps, creates an app, a catalog and an automation");
    const up = expectExit(await stack.upWithPreview(), 0, "pulumi up");
    if (!up.stdout.includes("+ 6 created"))
      throw new DemoFailure("pulumi up did not create the 6 resources", up);
    changedResources(up, /\bcreated\b/);
    note("(github and aws existed already: adoptId took them over with one read and one masked update each)");
    const { appIds } = (await stack.outputs()) as { appIds: { wiki: string } };

    const api = new ApiSession(emulator.url);
    const edited = await api.call("POST", `/api/v1/apps/${appIds.wiki}`, {
      app: { description: "Edited by hand in the admin console" },
      updateMask: "description",
    });
    if (edited.status !== 200) throw new DemoFailure(`the out-of-band edit failed with ${edited.status}`);
    step('Meanwhile someone edits the app "Team Wiki" in the admin console: its description changes.');

    commandLine("pulumi preview --refresh --expect-no-changes", "the drift check a scheduled pipeline runs");
    const drift = expectExit(await stack.driftCheck(), 7, "the drift check after the edit");
    if (!changedResources(drift, /\bupdate \[diff: ~description\]/)) {
      throw new DemoFailure("the drift check did not name the changed description", drift);
    }
    note("exit code 7: drift found (the pipeline fails and shows the field)");

    commandLine("pulumi up --refresh --yes", "puts the program's value back");
    const restore = expectExit(await stack.upWithPreview("--refresh"), 0, "pulumi up --refresh");
    if (!restore.stdout.includes("~ 1 updated"))
      throw new DemoFailure("pulumi up --refresh updated nothing", restore);
    changedResources(restore, /\bupdated\b/);
    const wiki = await api.call("GET", `/api/v1/apps/${appIds.wiki}`);
    if (wiki.body?.app?.description !== WIKI_DESCRIPTION)
      throw new DemoFailure("the description was not restored");

    commandLine("pulumi preview --refresh --expect-no-changes");
    expectExit(await stack.driftCheck(), 0, "the drift check after the restore");
    note("exit code 0: no drift");

    await showWhoAChangeTouches(emulator, sandbox, root);

    console.log(`\nState: stack "demo" of both projects in a file backend at ${sandbox.stateDir}`);
    console.log(`  To look at it:  cd ${projectDir} && \\`);
    console.log(
      `    PULUMI_BACKEND_URL=file://${sandbox.stateDir} ${path.join(binDir, "pulumi")} stack export --stack demo`,
    );
    console.log(`  (the emulator stops now, so the state is for reading only; delete ${root} when done)`);
  } finally {
    await stopEmulator();
  }
  console.log("\nDemo finished: the emulator is stopped.");
}

demo().catch((error: unknown) => {
  console.error(`\ndemo failed: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof DemoFailure && error.result) {
    console.error(`\n$ ${error.result.command}\n${error.result.stdout}\n${error.result.stderr}`);
  }
  process.exitCode = 1;
});
