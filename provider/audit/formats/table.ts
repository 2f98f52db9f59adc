import type { AuditReport } from "../run";
import { detailsOf, isListed, shownClass } from "./details";
import { countsText } from "./markdown";
import { nextSteps } from "./nextSteps";

const HEADINGS = ["CLASS", "KIND", "ID", "DISPLAY NAME", "STACK", "DETAILS"];

/** Text on one line, without control characters (a display name cannot move the terminal's cursor). */
function plain(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, " ");
}

/** The report as a table for a terminal: every object not managed and in sync, the counts, and the next steps. */
export function tableReport(report: AuditReport): string {
  const rows = report.objects
    .filter(isListed)
    .map((object) =>
      [
        shownClass(object),
        object.kind,
        object.id,
        object.displayName,
        object.stack ?? "-",
        detailsOf(object),
      ].map(plain),
    );
  const lines: string[] = [];
  if (rows.length > 0) {
    const widths = HEADINGS.map((heading, column) =>
      Math.max(heading.length, ...rows.map((row) => row[column]!.length)),
    );
    const line = (row: readonly string[]) =>
      row
        .map((text, column) => text.padEnd(widths[column]!))
        .join("  ")
        .trimEnd();
    lines.push(line(HEADINGS), ...rows.map(line), "");
  }
  const stacks = report.stacks.length === 0 ? "no stack" : report.stacks.join(", ");
  lines.push(`${report.baseUrl} against ${stacks}: ${countsText(report)}.`);
  if (rows.length === 0) lines.push("Every object is managed and in sync.");
  const steps = nextSteps(report);
  if (steps.length > 0)
    lines.push("", "Next steps:", ...steps.map((step) => `  - ${step.replace(/`/g, "")}`));
  return `${lines.join("\n")}\n`;
}
