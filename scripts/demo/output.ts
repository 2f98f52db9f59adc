import type { CommandResult } from "../../testkit/command";

/** What `npm run demo` prints: steps, the commands a user would type, and the lines of Pulumi's output that matter. */

/** A resource line of either door: `pulumi-nodejs:dynamic/idgov:App …` or `idgov:index:App …`. */
const RESOURCE_LINE = /^\s*[+~-]\s+(pulumi-nodejs:dynamic\/idgov|idgov:index):/;
const DURATION = /\s*\(\d+(\.\d+)?m?s\)/g;

/** A step of the demo. */
export function step(text: string): void {
  console.log(`▸ ${text}`);
}

/** A remark under a step or command. */
export function note(text: string): void {
  console.log(`    ${text}`);
}

/** The command a user would type, with what it is for. */
export function commandLine(command: string, purpose?: string): void {
  console.log(`\n$ ${command}${purpose ? `    # ${purpose}` : ""}`);
}

/** The last "Resources:" summary of a Pulumi run on one line: "+ 6 created, 1 unchanged". */
function resourceSummary(stdout: string): string | undefined {
  const lines = stdout.split("\n");
  const start = lines.map((line) => line.trim()).lastIndexOf("Resources:");
  if (start < 0) return undefined;
  const counts = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === "") break;
    counts.push(line.trim());
  }
  return counts.join(", ");
}

/**
 * Prints the resource lines of a Pulumi run that match `step` (durations dropped, each line once), the run's
 * summary and its error lines; answers how many resource lines matched.
 */
export function changedResources({ stdout, stderr }: CommandResult, stepPattern: RegExp): number {
  const lines = stdout
    .split("\n")
    .filter((line) => RESOURCE_LINE.test(line) && stepPattern.test(line))
    .map((line) => line.replace(DURATION, "").trim());
  const unique = [...new Set(lines)];
  for (const line of unique) note(line);
  const summary = resourceSummary(stdout);
  if (summary) note(`Resources: ${summary}`);
  for (const line of `${stdout}\n${stderr}`.split("\n").filter((text) => text.startsWith("error: ")))
    note(line);
  return unique.length;
}

/** The warnings a Pulumi run lists under "Diagnostics:", each once, as the CLI prints them (`warning: …`). */
export function diagnosticWarnings(stdout: string): string[] {
  const start = stdout.indexOf("\nDiagnostics:");
  if (start < 0) return [];
  const lines = stdout
    .slice(start)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("warning: "));
  return [...new Set(lines)];
}
