import * as path from "node:path";
import { escapeMarkdown as m } from "./escape";
import { stacksInOrder } from "./html";
import { driftedNames, type FleetReport, plural } from "./model";
import { percent } from "./svg";

/** The most stacks the summary lists by name; the page lists them all. */
export const SUMMARY_STACKS = 25;
/** The most fields named per stack in the summary. */
const SUMMARY_FIELDS = 5;

/**
 * Where the page can be opened from the CI system's own variables: GitLab's job artifact browser, GitHub's run page
 * (where its artifacts are listed), else the file's name beside the summary.
 */
export function pageLink(outDir: string, env: NodeJS.ProcessEnv): string {
  if (env.CI_JOB_URL && env.CI_PROJECT_DIR) {
    const relative = path
      .relative(env.CI_PROJECT_DIR, path.resolve(outDir, "report.html"))
      .split(path.sep)
      .join("/");
    if (!relative.startsWith(".."))
      return `[report.html](${env.CI_JOB_URL}/artifacts/file/${encodeURI(relative)})`;
  }
  if (env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID)
    return `report.html in [this run's artifacts](${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID})`;
  return "`report.html` beside this summary";
}

/**
 * The summary for GitHub's job summary (`$GITHUB_STEP_SUMMARY`) and GitLab's merge-request notes: the counts, the
 * first {@link SUMMARY_STACKS} stacks that need a look with the fields that drifted, the audit's counts, and where
 * the page is. Its length is bounded whatever the fleet: every name and field beyond that is on the page.
 */
export function markdownReport(report: FleetReport, link: string): string {
  const stacks = stacksInOrder(report.stacks);
  const needLook = stacks.filter((stack) => stack.status !== "clean");
  const count = (status: string) => stacks.filter((stack) => stack.status === status).length;
  const lines = [
    `## Drift: ${count("drifted")} of ${plural(stacks.length, "stack")} drifted, ${plural(count("broken"), "broken check")}`,
    "",
    "| Stacks | Clean | Drifted | Broken | Drifted objects | Changed outside the code |",
    "| ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${stacks.length} | ${count("clean")} | ${count("drifted")} | ${count("broken")} | ${stacks.reduce((sum, stack) => sum + stack.drifted.length, 0)} | ${stacks.reduce((sum, stack) => sum + stack.outside.length, 0)} |`,
    "",
  ];
  if (needLook.length > 0) {
    lines.push("| Stack | Status | Fields |", "| --- | --- | --- |");
    for (const stack of needLook.slice(0, SUMMARY_STACKS)) {
      const fields = [
        ...new Set(stack.drifted.flatMap((object) => object.fields.map((field) => field.path))),
      ];
      const named = fields.slice(0, SUMMARY_FIELDS).map(m);
      const more = fields.length > SUMMARY_FIELDS ? ` and ${fields.length - SUMMARY_FIELDS} more` : "";
      const what = stack.status === "broken" ? "the check could not judge" : `${named.join(", ")}${more}`;
      lines.push(`| ${m(stack.name)} | ${stack.status} | ${what} |`);
    }
    if (needLook.length > SUMMARY_STACKS)
      lines.push(
        "",
        `And ${plural(needLook.length - SUMMARY_STACKS, "more stack")} that drifted or broke: see the page.`,
      );
    lines.push("");
  }
  if (report.audit) {
    const audit = report.audit;
    const managed = audit.coverage.reduce((sum, row) => sum + row.managed, 0);
    lines.push(
      `Audit: ${plural(audit.unowned.length, "object")} no stack owns; coverage ${percent(managed, audit.objects)} (${managed} of ${audit.objects} objects managed).`,
      "",
    );
  }
  const trend = report.trend;
  if (trend.length > 1) {
    const before = trend[trend.length - 2]!;
    lines.push(
      `Since the last run (${m(before.at)}): drifted stacks ${before.drifted} → ${count("drifted")}.`,
      "",
    );
  }
  lines.push(`Every stack, object and field: ${link}.`, "");
  return lines.join("\n");
}
