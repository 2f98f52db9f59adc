import { type CommandResult, expectSuccess, runCommand } from "./command";
import { pulumiEnvironment, type PulumiSandbox } from "./pulumiCli";

/** Options of {@link PulumiStack}. */
export interface PulumiStackOptions {
  sandbox: PulumiSandbox;
  /** The project directory: the one holding `Pulumi.yaml`. */
  projectDir: string;
  /** Stack name. */
  stack: string;
}

/** One stack of a project, driven through the real `pulumi` CLI in a {@link PulumiSandbox}. */
export class PulumiStack {
  /** Every command run so far, with its output, oldest first. */
  readonly transcript: CommandResult[] = [];
  readonly env: NodeJS.ProcessEnv;

  constructor(readonly options: PulumiStackOptions) {
    this.env = pulumiEnvironment(options.sandbox);
  }

  get name(): string {
    return this.options.stack;
  }

  /** Runs `pulumi <args>` in the project directory; answers whatever it printed and its exit code. */
  async run(args: readonly string[], timeoutMs?: number): Promise<CommandResult> {
    const result = await runCommand("pulumi", [...args, "--color", "never"], {
      cwd: this.options.projectDir,
      env: this.env,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    this.transcript.push(result);
    return result;
  }

  /** Runs a command of this stack (`--stack` added). */
  runOnStack(args: readonly string[]): Promise<CommandResult> {
    return this.run([...args, "--stack", this.name]);
  }

  /** `pulumi stack init` with the passphrase secrets provider. */
  async init(): Promise<void> {
    expectSuccess(await this.run(["stack", "init", this.name, "--secrets-provider", "passphrase"]));
  }

  /** `pulumi config set [--secret] key value`. */
  async setConfig(key: string, value: string, options: { secret?: boolean } = {}): Promise<void> {
    const secret = options.secret ? ["--secret"] : [];
    expectSuccess(await this.runOnStack(["config", "set", ...secret, key, value]));
  }

  /** `pulumi config set-all`: every plain and secret value in one run of the CLI. */
  async setAllConfig(
    plain: Readonly<Record<string, string>>,
    secret: Readonly<Record<string, string>> = {},
  ): Promise<void> {
    const pairs = [
      ...Object.entries(plain).flatMap(([key, value]) => ["--plaintext", `${key}=${value}`]),
      ...Object.entries(secret).flatMap(([key, value]) => ["--secret", `${key}=${value}`]),
    ];
    if (pairs.length > 0) expectSuccess(await this.runOnStack(["config", "set-all", ...pairs]));
  }

  /**
   * `pulumi up --yes --skip-preview` with extra flags (`--refresh`, `--diff`, …): the update alone, as a pipeline
   * runs it once its preview has run. {@link preview} runs the other half; {@link upWithPreview} both.
   */
  up(...flags: string[]): Promise<CommandResult> {
    return this.runOnStack(["up", "--yes", "--skip-preview", ...flags]);
  }

  /** `pulumi up --yes` as a user types it: a preview (the program's first run), then the update. */
  upWithPreview(...flags: string[]): Promise<CommandResult> {
    return this.runOnStack(["up", "--yes", ...flags]);
  }

  /** `pulumi preview` with extra flags (`--refresh --expect-no-changes` is the drift check). */
  preview(...flags: string[]): Promise<CommandResult> {
    return this.runOnStack(["preview", ...flags]);
  }

  /** The drift check a scheduled pipeline runs: exit 0 when the tenant matches the program. */
  driftCheck(): Promise<CommandResult> {
    return this.preview("--refresh", "--expect-no-changes");
  }

  /** `pulumi destroy --yes --skip-preview`. */
  destroy(...flags: string[]): Promise<CommandResult> {
    return this.runOnStack(["destroy", "--yes", "--skip-preview", ...flags]);
  }

  /** The stack outputs (`pulumi stack output --json`; secrets shown as "[secret]"). */
  async outputs(): Promise<Record<string, unknown>> {
    const result = expectSuccess(await this.runOnStack(["stack", "output", "--json"]));
    return JSON.parse(result.stdout) as Record<string, unknown>;
  }

  /** The text of `pulumi stack export` (with `--show-secrets` when asked). */
  async exportState(options: { showSecrets?: boolean } = {}): Promise<string> {
    const flags = options.showSecrets ? ["--show-secrets"] : [];
    return expectSuccess(await this.runOnStack(["stack", "export", ...flags])).stdout;
  }
}
