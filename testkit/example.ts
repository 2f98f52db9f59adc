import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { DEFAULT_CREDENTIALS } from "../emulator/testing";
import { expectSuccess, runCommand } from "./command";
import { REPO_ROOT } from "./pulumiCli";
import { PulumiStack } from "./pulumiStack";
import { npmInstallOnce } from "./sharedInstall";

/** The fixed passphrase of the test stacks' secrets provider. */
export const TEST_PASSPHRASE = "pulumi-idgov-e2e-passphrase";

/** Files of an example that belong to someone's local runs, not to the example. */
function isLocalArtifact(source: string): boolean {
  const name = path.basename(source);
  return name === "node_modules" || name === "package-lock.json" || /^Pulumi\..+\.yaml$/.test(name);
}

/** The folder of an example: a name under `examples/`, or an absolute path to any program folder. */
export function exampleSource(example: string): string {
  return path.resolve(REPO_ROOT, "examples", example);
}

/**
 * Copies an example (see {@link exampleSource}) into `dir` and installs its dependencies, with `pulumi-idgov` taken
 * from the packed tarball: the package as a user's project gets it from the registry. `pulumiSdk` names the
 * `@pulumi/pulumi` version to install instead of the example's own.
 */
export async function installExample(
  example: string,
  tarball: string,
  dir: string,
  pulumiSdk?: string,
): Promise<void> {
  const source = exampleSource(example);
  await cp(source, dir, { recursive: true, filter: (file) => file === source || !isLocalArtifact(file) });
  const manifestPath = path.join(dir, "package.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as {
    dependencies?: Record<string, string>;
  };
  manifest.dependencies = {
    ...manifest.dependencies,
    ...(pulumiSdk ? { "@pulumi/pulumi": pulumiSdk } : {}),
    "pulumi-idgov": `file:${tarball}`,
  };
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  await npmInstallOnce(dir, tarball, installsOf(tarball));
}

/** Where the installs of one packed tarball are kept, beside it. */
const installsOf = (tarball: string) => path.join(path.dirname(tarball), "installs");

/**
 * `npm install pulumi-idgov` into `dir` from the packed tarball, as a YAML project or a global prefix gets the
 * package: package.json then names it (from `file:` the tarball), and `node_modules/.bin` holds its bins.
 */
export async function installPackage(dir: string, tarball: string): Promise<void> {
  const manifest = { private: true, dependencies: { "pulumi-idgov": `file:${tarball}` } };
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await npmInstallOnce(dir, tarball, installsOf(tarball));
}

/** A Node.js and `@pulumi/pulumi` other than the checkout's, which a program runs on as a user's would. */
export interface ProgramRuntime {
  /** Bin dir of the `node` the CLI starts the program and the dynamic-provider host with: first on PATH. */
  nodeBinDir: string;
  /** The `@pulumi/pulumi` version the program installs instead of its own. */
  pulumiSdk: string;
}

/** The newest Node.js and `@pulumi/pulumi` the package supports, as `scripts/matrix.sh` names and installs them. */
export async function newestRuntime(): Promise<ProgramRuntime> {
  const script = path.join(REPO_ROOT, "scripts", "matrix.sh");
  const printed = expectSuccess(
    await runCommand("bash", [script, "newest-runtime"], { cwd: REPO_ROOT, env: process.env }),
  );
  const [nodeBinDir = "", pulumiSdk = ""] = printed.stdout.trim().split("\n");
  return { nodeBinDir, pulumiSdk };
}

/** Options of {@link openExampleStack}. */
export interface ExampleStackOptions {
  /** A name under `examples/`, or an absolute path to a program folder (with Pulumi.yaml and package.json). */
  example: string;
  /** The `npm pack` tarball of the package. */
  tarball: string;
  /** The Pulumi CLI's bin dir. */
  binDir: string;
  /** Base URL of the emulator the stack talks to. */
  baseUrl: string;
  /** @default "e2e" */
  stack?: string;
  /** Further stack config, set as plain values. */
  config?: Readonly<Record<string, string>>;
  /** Further stack config, set with `pulumi config set --secret`. */
  secretConfig?: Readonly<Record<string, string>>;
  /** Set the emulator's client secret in stack config (a keyless pipeline sets none). @default true */
  clientSecret?: boolean;
  /** Environment variables of every `pulumi` run, e.g. `IDGOV_OIDC_TOKEN_FILE`. */
  env?: Readonly<Record<string, string>>;
  /** Run the program on another Node.js and SDK. @default the checkout's */
  runtime?: ProgramRuntime;
  /** Type-check the program with ts-node on every run, as Pulumi does by default. @default false */
  typeCheck?: boolean;
}

/** A configured stack of an installed example in its own temporary directory. */
export interface ExampleStack {
  stack: PulumiStack;
  /** The installed program (edit it to change the program). */
  programDir: string;
  /** Removes the temporary directory (state included). */
  remove(): Promise<void>;
}

/**
 * Installs an example into a fresh temporary directory with its own file backend and `PULUMI_HOME`, creates a stack
 * and configures it for the emulator the way the README tells a user to.
 */
export async function openExampleStack(options: ExampleStackOptions): Promise<ExampleStack> {
  const root = await mkdtemp(path.join(tmpdir(), `pulumi-idgov-e2e-${path.basename(options.example)}-`));
  const programDir = path.join(root, "program");
  const sandbox = {
    binDir: options.binDir,
    stateDir: path.join(root, "state"),
    homeDir: path.join(root, "home"),
    passphrase: TEST_PASSPHRASE,
  };
  await mkdir(sandbox.stateDir, { recursive: true });
  await installExample(options.example, options.tarball, programDir, options.runtime?.pulumiSdk);
  const stack = new PulumiStack({ sandbox, projectDir: programDir, stack: options.stack ?? "e2e" });
  Object.assign(stack.env, options.env);
  if (options.runtime) stack.env.PATH = [options.runtime.nodeBinDir, stack.env.PATH].join(path.delimiter);
  if (options.typeCheck) stack.env.PULUMI_NODEJS_TRANSPILE_ONLY = "false";
  await stack.init();
  await stack.setAllConfig(
    { "idgov:baseUrl": options.baseUrl, "idgov:clientId": DEFAULT_CREDENTIALS.clientId, ...options.config },
    {
      ...((options.clientSecret ?? true) ? { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret } : {}),
      ...options.secretConfig,
    },
  );
  return { stack, programDir, remove: () => rm(root, { recursive: true, force: true }) };
}

/** A text edit of a program file: `from` must occur exactly once. */
export interface ProgramEdit {
  /** @default "index.ts" */
  file?: string;
  from: string;
  to: string;
}

/** Applies an edit to the installed program, as a user changing their code would. */
export async function editProgram(programDir: string, edit: ProgramEdit): Promise<void> {
  const file = path.join(programDir, edit.file ?? "index.ts");
  const text = await readFile(file, "utf8");
  const occurrences = text.split(edit.from).length - 1;
  if (occurrences !== 1) {
    throw new Error(`edit of ${edit.file ?? "index.ts"}: expected one "${edit.from}", found ${occurrences}`);
  }
  await writeFile(file, text.replace(edit.from, edit.to));
}
