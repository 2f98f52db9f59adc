#!/usr/bin/env node
/**
 * The `pulumi-idgov` command. Its commands, and the help text that lists them, are the table of `commands.ts`; each
 * command's own `--help` lists its flags.
 */
import { COMMANDS, type CommandName, isCommandName } from "./commands";

/** The text of `pulumi-idgov --help`: one line per command of the table. */
function commandsUsage(): string {
  const width = Math.max(...COMMANDS.map((command) => command.synopsis.length)) + 2;
  return [
    "usage: pulumi-idgov <command> [flags]",
    "",
    "commands:",
    ...COMMANDS.map((command) => `  ${command.synopsis.padEnd(width)}${command.summary}`),
  ].join("\n");
}

/**
 * How each command of the table runs, loading its own modules only (`--help` stays quick); TypeScript refuses a
 * command of the table without a runner here, and a runner for a name the table lacks.
 */
const RUNNERS: Readonly<Record<CommandName, (args: readonly string[]) => Promise<number>>> = {
  export: async (args) => (await import("./exportCommand")).runExportCommand(args),
  audit: async (args) => (await import("./auditCommand")).runAuditCommand(args),
  impact: async (args) => (await import("./impactCommand")).runImpactCommand(args),
  report: async (args) => (await import("./reportCommand")).runReportCommand(args),
  emulator: async (args) => (await import("./emulator")).runEmulatorCommand(args),
  schema: async () => {
    process.stdout.write(`${JSON.stringify((await import("../native/schema")).packageSchema(), null, 2)}\n`);
    return 0;
  },
  help: async () => {
    process.stdout.write(`${commandsUsage()}\n`);
    return 0;
  },
};

/** Runs one command line; answers the exit code. */
export async function main(args: readonly string[]): Promise<number> {
  const [word, ...rest] = args;
  const command = word === "-h" || word === "--help" ? "help" : word;
  if (isCommandName(command)) return RUNNERS[command](rest);
  if (command === undefined) {
    process.stdout.write(`${commandsUsage()}\n`);
    return 2;
  }
  process.stderr.write(`pulumi-idgov: unknown command "${command}"\n${commandsUsage()}\n`);
  return 2;
}

/** Runs one command line as a process does: its exit code, or 1 with one line naming the failure. */
export function runCommandLine(args: readonly string[]): void {
  main(args).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`pulumi-idgov: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

if (require.main === module) runCommandLine(process.argv.slice(2));
