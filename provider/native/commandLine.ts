import { isCommandName } from "../cli/commands";
import { FLAGS_WITH_VALUE } from "./engineAddress";

/**
 * The command line of `pulumi plugin run --kind resource idgov -- <command> …`: the arguments from the first one
 * that is not a flag of the engine's, when it names a command of `pulumi-idgov`; undefined when the engine started
 * the plugin (its first such argument is its address).
 */
export function commandLineOf(args: readonly string[]): string[] | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (FLAGS_WITH_VALUE.has(arg)) index += 1;
    else if (!arg.startsWith("-")) return isCommandName(arg) ? args.slice(index) : undefined;
  }
  return undefined;
}
