import { runImpact } from "./impact/command";
import { CROSSED_EXIT_CODE, type ImpactOptions, impactUsage, parseImpactArguments } from "./impact/options";
import { runCommand } from "./runCommand";

/** `pulumi-idgov impact`: the report on stdout; exit 3 when an impact crossed `--threshold`. */
export function runImpactCommand(args: readonly string[]): Promise<number> {
  return runCommand<ImpactOptions>(
    {
      name: "impact",
      usage: impactUsage,
      parse: parseImpactArguments,
      flags: (options) => options.settings,
      run: async (options, settings) => {
        const result = await runImpact(options, process.stdin, settings);
        process.stdout.write(`${result.text}\n`);
        return result.crossed ? CROSSED_EXIT_CODE : 0;
      },
      exits: { usage: 2, failed: 1 },
      failed: "failed",
    },
    args,
  );
}
