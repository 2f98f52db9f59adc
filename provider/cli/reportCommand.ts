import { runReport } from "./report/command";
import { parseReportArguments, type ReportOptions, reportUsage } from "./report/options";
import { runCommand } from "./runCommand";

/** `pulumi-idgov report`: the four files into `--out`, one line on stderr naming them; 0 once written. */
export function runReportCommand(args: readonly string[]): Promise<number> {
  return runCommand<ReportOptions>(
    {
      name: "report",
      usage: reportUsage,
      parse: parseReportArguments,
      flags: () => new Map(),
      run: async (options) => {
        const report = await runReport(options);
        const drifted = report.stacks.filter((stack) => stack.status === "drifted").length;
        const broken = report.stacks.filter((stack) => stack.status === "broken").length;
        process.stderr.write(
          `report: ${report.stacks.length} stacks (${drifted} drifted, ${broken} broken): ${options.out}/report.html, summary.md, junit.xml\n`,
        );
        return 0;
      },
      exits: { usage: 2, failed: 1 },
      failed: "failed, nothing written",
    },
    args,
  );
}
