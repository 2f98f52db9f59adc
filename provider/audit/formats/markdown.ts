import { AUDIT_CLASSES } from "../types";
import type { AuditReport } from "../run";
import { detailsOf, isListed, shownClass } from "./details";
import { nextSteps } from "./nextSteps";

/** Text safe in a Markdown table cell: markup escaped, newlines and other control characters made spaces. */
function cell(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (char) => `\\${char}`).replace(/[\u0000-\u001f\u007f]/g, " ");
}

/** The counts line: `3 managed (1 drifted), 2 unmanaged, …`. */
export function countsText(report: AuditReport): string {
  const { byClass, drifted, ignored } = report.summary;
  const counts = AUDIT_CLASSES.filter((name) => byClass[name] > 0).map((name) =>
    name === "managed" && drifted > 0
      ? `${byClass[name]} managed (${drifted} drifted)`
      : `${byClass[name]} ${name}`,
  );
  if (ignored > 0) counts.push(`${ignored} ignored`);
  return counts.length === 0 ? "no objects" : counts.join(", ");
}

/** The report as Markdown (`--format markdown`), ready to post as a pull-request comment or an issue. */
export function markdownReport(report: AuditReport): string {
  const listed = report.objects.filter(isListed);
  const stacks =
    report.stacks.length === 0 ? "no stack" : report.stacks.map((name) => `\`${name}\``).join(", ");
  const lines = [
    "## pulumi-idgov audit",
    "",
    `Tenant \`${report.baseUrl}\` against ${stacks}: ${countsText(report)} (exit code ${report.summary.exitCode}).`,
    "",
  ];
  if (listed.length === 0) lines.push("Every object is managed and in sync.");
  else {
    lines.push("| Class | Kind | Id | Display name | Stack | Details |", "|---|---|---|---|---|---|");
    for (const object of listed) {
      const row = [
        shownClass(object),
        object.kind,
        object.id,
        object.displayName,
        object.stack ?? "",
        detailsOf(object),
      ];
      lines.push(`| ${row.map(cell).join(" | ")} |`);
    }
  }
  const steps = nextSteps(report);
  if (steps.length > 0) lines.push("", "### Next steps", "", ...steps.map((step) => `- ${step}`));
  return `${lines.join("\n")}\n`;
}
