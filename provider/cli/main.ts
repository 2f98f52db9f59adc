#!/usr/bin/env node
/**
 * The `pulumi-idgov` command: `pulumi-idgov export --out DIR` writes the program that adopts a tenant;
 * `pulumi-idgov audit` sorts every object of the tenant against the given stacks;
 * `pulumi-idgov impact` says who the changes of a `pulumi preview --json` touch;
 * `pulumi-idgov emulator [--port 8787]` runs the bundled emulator; `pulumi-idgov schema` prints the native provider's
 * Pulumi package schema. `--help` lists every flag.
 */

const USAGE = [
  "usage: pulumi-idgov <command> [flags]",
  "",
  "commands:",
  "  export --out DIR      write a Pulumi TypeScript program that adopts the tenant (pulumi-idgov export --help)",
  "  audit [--stack NAME]  sort every object of the tenant: managed, drifted, unmanaged, orphaned… (pulumi-idgov audit --help)",
  "  impact                say who each planned change touches (pulumi preview --json | pulumi-idgov impact)",
  "  emulator [--port N]   run the bundled emulator of the service (pulumi-idgov emulator --help)",
  "  schema                print the Pulumi package schema of the native provider (pulumi-resource-idgov)",
  "",
  "  -h, --help            this text",
].join("\n");

/** Runs one command line; answers the exit code. */
export async function main(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    // Each command loads its own modules only: `--help` stays quick.
    case "export":
      return (await import("./exportCommand")).runExportCommand(rest);
    case "audit":
      return (await import("./auditCommand")).runAuditCommand(rest);
    case "impact":
      return (await import("./impactCommand")).runImpactCommand(rest);
    case "emulator":
      return (await import("./emulator")).runEmulatorCommand(rest);
    case "schema":
      process.stdout.write(
        `${JSON.stringify((await import("../native/schema")).packageSchema(), null, 2)}\n`,
      );
      return 0;
    case undefined:
    case "-h":
    case "--help":
    case "help":
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`pulumi-idgov: unknown command "${command}"\n${USAGE}\n`);
      return 2;
  }
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
