import { runExport } from "./export/command";
import { type ExportOptions, exportUsage, parseExportArguments } from "./export/options";
import { runCommand } from "./runCommand";

/** `pulumi-idgov export`: progress and summary on stderr; 0 only when every object read was written. */
export function runExportCommand(args: readonly string[]): Promise<number> {
  return runCommand<ExportOptions>(
    {
      name: "export",
      usage: exportUsage,
      parse: parseExportArguments,
      flags: (options) => options.settings,
      run: async (options, settings) => {
        await runExport({ ...options, config: await settings() }, (line) =>
          process.stderr.write(`${line}\n`),
        );
        return 0;
      },
      exits: { usage: 2, failed: 1 },
      failed: "failed, nothing written",
    },
    args,
  );
}
