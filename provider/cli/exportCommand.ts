import { runExport } from "./export/command";
import { exportUsage, parseExportArguments } from "./export/options";
import { UsageError } from "./flags";

/** `pulumi-idgov export`: progress and summary on stderr; 0 only when every object read was written. */
export async function runExportCommand(args: readonly string[]): Promise<number> {
  let options;
  try {
    options = parseExportArguments(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`pulumi-idgov export: ${error.message}\n\n${exportUsage()}\n`);
    return 2;
  }
  if (options === "help") {
    process.stdout.write(`${exportUsage()}\n`);
    return 0;
  }
  try {
    await runExport(options, (line) => process.stderr.write(`${line}\n`));
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`pulumi-idgov export: failed, nothing written: ${message}\n`);
    return 1;
  }
}
