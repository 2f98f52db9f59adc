import { UsageError } from "./flags";
import { runImpact } from "./impact/command";
import { CROSSED_EXIT_CODE, impactUsage, parseImpactArguments } from "./impact/options";

/** `pulumi-idgov impact`: the report on stdout; exit 3 when an impact crossed `--threshold`. */
export async function runImpactCommand(args: readonly string[]): Promise<number> {
  let options;
  try {
    options = parseImpactArguments(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`pulumi-idgov impact: ${error.message}\n\n${impactUsage()}\n`);
    return 2;
  }
  if (options === "help") {
    process.stdout.write(`${impactUsage()}\n`);
    return 0;
  }
  try {
    const result = await runImpact(options, process.stdin);
    process.stdout.write(`${result.text}\n`);
    return result.crossed ? CROSSED_EXIT_CODE : 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`pulumi-idgov impact: failed: ${message}\n`);
    return 1;
  }
}
