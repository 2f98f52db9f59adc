import { escapeHtml as e } from "./escape";
import { PAGE_STYLE } from "./htmlStyle";
import {
  type AuditView,
  type DriftedObject,
  driftedNames,
  type FieldDrift,
  type FleetReport,
  OPERATION_WORDS,
  plural,
  type OutsideChange,
  type StackResult,
} from "./model";
import { coverageChart, percent, trendChart } from "./svg";

/** The page's content security policy: nothing is fetched, nothing runs; inline style and data images only. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The order stacks are listed in: what needs a look first. */
const STATUS_ORDER = { broken: 0, drifted: 1, clean: 2 } as const;

/** The stacks, broken first, then drifted, then clean, each group by name. */
export function stacksInOrder(stacks: readonly StackResult[]): StackResult[] {
  return [...stacks].sort(
    (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.name.localeCompare(b.name),
  );
}

const status = (stack: StackResult) => `<span class="status ${stack.status}">${stack.status}</span>`;
const tile = (label: string, value: number | string, className = "") =>
  `<div class="tile ${className}"><b>${e(String(value))}</b>${e(label)}</div>`;

function fieldRows<Change extends DriftedObject | OutsideChange>(
  objects: readonly Change[],
  what: (object: Change) => string,
): string {
  return objects
    .flatMap((object) => {
      const fields: readonly (FieldDrift | undefined)[] =
        object.fields.length > 0 ? object.fields : [undefined];
      return fields.map(
        (field) =>
          `<tr><td>${e(object.kind)}</td><td><code>${e(object.name)}</code>${object.id ? `<br><code>${e(object.id)}</code>` : ""}</td><td>${e(what(object))}</td>` +
          (field
            ? `<td><code>${e(field.path)}</code></td><td><code>${e(field.wanted)}</code></td><td><code>${e(field.found)}</code></td></tr>`
            : `<td colspan="3" class="note">the whole object</td></tr>`),
      );
    })
    .join("");
}

function stackSection(stack: StackResult, index: number): string {
  const parts = [
    `<details id="stack-${index}"${stack.status === "clean" ? "" : " open"}><summary>${e(stack.name)} ${status(stack)}</summary>`,
    `<p class="note">From <code>${e(stack.source)}</code>; ${plural(stack.resources, "resource")} checked.</p>`,
  ];
  if (stack.errors.length > 0)
    parts.push(
      `<p>The check could not judge:</p><ul>${stack.errors.map((error) => `<li><code>${e(error)}</code></li>`).join("")}</ul>`,
    );
  if (stack.drifted.length > 0)
    parts.push(
      `<table><thead><tr><th>Kind</th><th>Resource</th><th>Next up</th><th>Field</th><th>The code wants</th><th>Found</th></tr></thead><tbody>`,
      fieldRows(
        stack.drifted,
        (object: DriftedObject) => OPERATION_WORDS[object.operation] ?? object.operation,
      ),
      "</tbody></table>",
    );
  if (stack.outside.length > 0)
    parts.push(
      `<p><b>Changed outside the code</b> (fields this program does not set; no drift by Pulumi's rules):</p>`,
      `<table><thead><tr><th>Kind</th><th>Resource</th><th></th><th>Field</th><th>Before</th><th>Now</th></tr></thead><tbody>`,
      fieldRows(stack.outside, () => "changed"),
      "</tbody></table>",
    );
  if (stack.status === "clean" && stack.outside.length === 0)
    parts.push(`<p>The tenant matches the code.</p>`);
  parts.push("</details>");
  return parts.join("");
}

function summaryTable(stacks: readonly StackResult[]): string {
  const rows = stacks.map((stack, index) => {
    const fields = driftedNames(stack);
    const shownFields = fields
      .slice(0, 6)
      .map((field) => `<code>${e(field)}</code>`)
      .join(", ");
    return `<tr><td><a href="#stack-${index}">${e(stack.name)}</a></td><td>${status(stack)}</td><td class="num">${stack.drifted.length}</td><td>${shownFields}${fields.length > 6 ? ` and ${fields.length - 6} more` : ""}</td><td class="num">${stack.outside.length}</td></tr>`;
  });
  return `<table id="stack-table"><thead><tr><th>Stack</th><th>Status</th><th>Drifted objects</th><th>Fields</th><th>Changed outside the code</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function auditSection(audit: AuditView): string {
  const kinds = [...new Set(audit.unowned.map((object) => object.kind))].sort();
  const byKind = kinds.map((kind) => {
    const objects = audit.unowned.filter((object) => object.kind === kind);
    const rows = objects
      .map(
        (object) =>
          `<tr><td><code>${e(object.id)}</code></td><td>${e(object.displayName)}</td><td>${e(object.class)}</td></tr>`,
      )
      .join("");
    return `<details><summary>${e(kind)}: ${objects.length}</summary><table><thead><tr><th>Id</th><th>Display name</th><th>Class</th></tr></thead><tbody>${rows}</tbody></table></details>`;
  });
  return [
    `<h2 id="unowned">Objects no stack owns: ${audit.unowned.length}</h2>`,
    `<p class="note">From the audit <code>${e(audit.source)}</code> of <code>${e(audit.baseUrl)}</code>: ${audit.objects} objects in the tenant.</p>`,
    byKind.length > 0 ? byKind.join("") : "<p>Every object is owned by a given stack.</p>",
    `<h2 id="coverage">Coverage per kind</h2>`,
    `<table><thead><tr><th>Kind</th><th>Managed</th><th>All objects</th><th>Coverage</th></tr></thead><tbody>${audit.coverage
      .map(
        (row) =>
          `<tr><td>${e(row.kind)}</td><td class="num">${row.managed}</td><td class="num">${row.total}</td><td class="num">${percent(row.managed, row.total)}</td></tr>`,
      )
      .join("")}</tbody></table>`,
    coverageChart(audit.coverage),
  ].join("");
}

/** The self-contained page: inline style and SVG, no script, nothing fetched, every name escaped. */
export function htmlReport(report: FleetReport): string {
  const stacks = stacksInOrder(report.stacks);
  const count = (name: StackResult["status"]) => stacks.filter((stack) => stack.status === name).length;
  const drifted = stacks.reduce((sum, stack) => sum + stack.drifted.length, 0);
  const outside = stacks.reduce((sum, stack) => sum + stack.outside.length, 0);
  const tiles = [
    tile("stacks", stacks.length),
    tile("clean", count("clean"), "clean"),
    tile("drifted", count("drifted"), "drifted"),
    tile("broken checks", count("broken"), "broken"),
    tile("drifted objects", drifted),
    tile("changed outside the code", outside),
    ...(report.audit ? [tile("objects no stack owns", report.audit.unowned.length)] : []),
  ];
  return [
    "<!DOCTYPE html>",
    `<html lang="en"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>Drift report: ${plural(stacks.length, "stack")}</title><style>${PAGE_STYLE}</style></head><body>`,
    `<h1>Drift report</h1><p class="meta">Written ${e(report.generatedAt)} by pulumi-idgov report. Secret values are shown as [secret].</p>`,
    `<div class="tiles" id="counts">${tiles.join("")}</div>`,
    `<p class="meta"><a href="#stacks">Stacks</a>${report.trend.length > 1 ? ' · <a href="#trend">Trend</a>' : ""}${report.audit ? ' · <a href="#unowned">Objects no stack owns</a> · <a href="#coverage">Coverage</a>' : ""} · <a href="#details">Each stack</a></p>`,
    `<h2 id="stacks">Stacks</h2>`,
    summaryTable(stacks),
    report.trend.length > 1
      ? `<h2 id="trend">Trend over the last ${report.trend.length} runs</h2>${trendChart(report.trend)}`
      : "",
    report.audit ? auditSection(report.audit) : "",
    `<h2 id="details">Each stack</h2>`,
    stacks.map(stackSection).join(""),
    "</body></html>",
    "",
  ].join("\n");
}
