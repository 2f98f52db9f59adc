import type { ProviderConfig } from "../client/config";
import { redact } from "../errors/redact";
import { resolveCommandSettings, type StackSettings } from "../service/settingsResolution";
import { flagOf, UsageError } from "./flags";
import { currentStackSettings } from "./stackConfig";

/**
 * Resolves a command's settings: flags, then `plan` (a stack config layer of the command's own, e.g. the config a
 * `pulumi preview --json` carries), then the current stack's config, then `IDGOV_*` variables. Reads the stack config
 * on the first call only.
 */
export type SettingsResolver = (plan?: StackSettings) => Promise<ProviderConfig>;

/** One `pulumi-idgov` command: how it reads its command line and runs. */
export interface Command<Options> {
  /** The word after `pulumi-idgov`, e.g. `export`. */
  readonly name: string;
  readonly usage: () => string;
  /** Parses the command line; throws {@link UsageError} for a bad one. */
  readonly parse: (args: readonly string[]) => Options | "help";
  /** The provider settings given as flags, by `idgov:*` key. */
  readonly flags: (options: Options) => ReadonlyMap<string, string>;
  /** Runs; answers the exit code. */
  readonly run: (options: Options, settings: SettingsResolver) => Promise<number>;
  /** Exit code of a bad command line, and of a run that failed. */
  readonly exits: { readonly usage: number; readonly failed: number };
  /** What a failure means for the user, e.g. `failed, nothing written`. */
  readonly failed: string;
}

/**
 * Runs a command line the way every command does: usage errors name the flag and print the usage, `--help` prints
 * it, settings resolve in one order for all, and a failure is one redacted line on stderr.
 */
export async function runCommand<Options>(
  command: Command<Options>,
  args: readonly string[],
): Promise<number> {
  let options: Options | "help";
  try {
    options = command.parse(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`pulumi-idgov ${command.name}: ${error.message}\n\n${command.usage()}\n`);
    return command.exits.usage;
  }
  if (options === "help") {
    process.stdout.write(`${command.usage()}\n`);
    return 0;
  }
  const flags = command.flags(options);
  let current: Promise<StackSettings> | undefined;
  const settings: SettingsResolver = async (plan) => {
    const stack = await (current ??= currentStackSettings());
    return resolveCommandSettings({ flags, stacks: plan ? [plan, stack] : [stack], flagOf });
  };
  try {
    return await command.run(options, settings);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`pulumi-idgov ${command.name}: ${command.failed}: ${redact(message)}\n`);
    return command.exits.failed;
  }
}
