import type { Impact } from "./types";

/** When an impact counts as crossing the threshold. */
export interface ThresholdRule {
  /** Counts above this cross it; undefined: nothing crosses. */
  readonly threshold: number | undefined;
  /** Whether an unknown count crosses too. @default false: unknown counts are listed, not judged */
  readonly unknownCrosses: boolean;
}

/** Whether one impact crosses: its count is above the threshold, it reaches every user, or (when asked) it is unknown. */
export function crosses(impact: Impact, rule: ThresholdRule): boolean {
  if (rule.threshold === undefined) return false;
  if (impact.tenantWide) return true;
  return impact.count === "unknown" ? rule.unknownCrosses : impact.count > rule.threshold;
}

/** The count as reports show it. */
function countText(impact: Impact): string {
  return typeof impact.count === "number" ? String(impact.count) : "unknown";
}

function whoText(impact: Impact): string {
  return impact.tenantWide ? `tenant-wide: ${impact.meaning}` : impact.meaning;
}

function summary(impacts: readonly Impact[], rule: ThresholdRule): string {
  if (impacts.length === 0) return "No planned change touches anyone the tenant can count.";
  const crossed = impacts.filter((impact) => crosses(impact, rule)).length;
  const judged = rule.threshold === undefined ? "" : `; ${crossed} cross the threshold of ${rule.threshold}`;
  return `${impacts.length} impacts of planned changes${judged}.`;
}

/** A plain table for a terminal: object, change, count and who. */
export function impactTable(impacts: readonly Impact[], rule: ThresholdRule): string {
  const rows = [
    ["OBJECT", "CHANGE", "COUNT", "WHO"],
    ...impacts.map((i) => [i.object, i.change, countText(i), whoText(i)]),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  const lines = rows.map((row) =>
    row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column] ?? 0) : cell)).join("  "),
  );
  return [...(impacts.length > 0 ? lines : []), summary(impacts, rule)].join("\n");
}

function markdownCell(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

/** Markdown for a pull-request comment: a heading, a table, and what crossed the threshold. */
export function impactMarkdown(impacts: readonly Impact[], rule: ThresholdRule): string {
  const lines = ["### Who these changes touch (pulumi-idgov impact)", ""];
  if (impacts.length > 0) {
    lines.push("| Object | Change | Count | Who |", "| --- | --- | ---: | --- |");
    for (const impact of impacts) {
      const flag = crosses(impact, rule) ? " ⚠️" : "";
      const who = impact.tenantWide ? `**tenant-wide**: ${impact.meaning}` : impact.meaning;
      lines.push(
        `| ${markdownCell(impact.object)} | ${markdownCell(impact.change)} | ${countText(impact)}${flag} | ${markdownCell(who)} |`,
      );
    }
    lines.push("");
  }
  lines.push(summary(impacts, rule));
  return lines.join("\n");
}

/** The impacts as JSON, each with whether it crosses the threshold. */
export function impactJson(impacts: readonly Impact[], rule: ThresholdRule): string {
  const listed = impacts.map((impact) => ({ ...impact, crossesThreshold: crosses(impact, rule) }));
  const crossed = listed.some((impact) => impact.crossesThreshold);
  return JSON.stringify({ threshold: rule.threshold ?? null, crossed, impacts: listed }, null, 2);
}
