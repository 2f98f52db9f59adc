import type { AuditReport } from "../run";

/** The version of the JSON shape of `pulumi-idgov audit --format json`. */
export const AUDIT_JSON_VERSION = 1;

/**
 * The report as JSON (`--format json`), version 1:
 * `{ version, baseUrl, stacks: [name], objects: [{ kind, id, displayName, class, stack?, claimedBy?, heldBy?,
 * driftedFields?, duplicateOf? }], summary: { objects, byClass: { <class>: n }, drifted, duplicateGroups, ignored,
 * exitCode } }`. Every object is listed, in sync or not; field names only, never values.
 */
export function jsonReport(report: AuditReport): string {
  const document = {
    version: AUDIT_JSON_VERSION,
    baseUrl: report.baseUrl,
    stacks: report.stacks,
    objects: report.objects,
    summary: report.summary,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
