import { AUDIT_CLASSES, type AuditClass, type AuditObject } from "./types";

/**
 * The exit codes of `pulumi-idgov audit`, a bit mask: 0 when every object is managed and in sync; 2 when a managed
 * object drifted or is gone; 4 when an object is unmanaged, claimed, orphaned, double-claimed or a likely duplicate;
 * 6 when both; 1 for a usage, state or access error (nothing audited).
 */
export const AUDIT_EXIT = { inSync: 0, error: 1, drift: 2, findings: 4 } as const;

/** The classes that set the findings bit of the exit code. */
export const FINDING_CLASSES: readonly AuditClass[] = [
  "unmanaged",
  "claimed",
  "orphaned",
  "double-claimed",
  "duplicate",
];

/** The counts of an audit: objects per class, and the managed ones that drifted. */
export interface AuditSummary {
  readonly objects: number;
  readonly byClass: Readonly<Record<AuditClass, number>>;
  /** Managed objects that differ from their stack's inputs. */
  readonly drifted: number;
  /** Groups of likely duplicates (objects of one kind sharing a display name, one of them managed). */
  readonly duplicateGroups: number;
  /** Objects the ignore file left out. */
  readonly ignored: number;
  readonly exitCode: number;
}

/** Whether an object is a drift finding: managed with differing fields, or gone. */
export function isDrift(object: AuditObject): boolean {
  return object.class === "gone" || (object.class === "managed" && (object.driftedFields?.length ?? 0) > 0);
}

/** Whether an object is a finding of the second bit: not under exactly one given stack, or a likely duplicate. */
export function isFinding(object: AuditObject): boolean {
  return FINDING_CLASSES.includes(object.class) || (object.duplicateOf?.length ?? 0) > 0;
}

/** The exit code of an audit's objects (see {@link AUDIT_EXIT}). */
export function exitCodeOf(objects: readonly AuditObject[]): number {
  const drift = objects.some(isDrift) ? AUDIT_EXIT.drift : 0;
  const findings = objects.some(isFinding) ? AUDIT_EXIT.findings : 0;
  return drift | findings;
}

/** The summary of an audit's objects. */
export function summarize(objects: readonly AuditObject[], ignored: number): AuditSummary {
  const byClass = Object.fromEntries(
    AUDIT_CLASSES.map((name) => [name, objects.filter((object) => object.class === name).length]),
  ) as Record<AuditClass, number>;
  const groups = new Set(
    objects
      .filter((object) => (object.duplicateOf?.length ?? 0) > 0)
      .map((object) => [object.kind, object.id, ...object.duplicateOf!].sort().join("\u0000")),
  );
  return {
    objects: objects.length,
    byClass,
    drifted: objects.filter((object) => object.class === "managed" && isDrift(object)).length,
    duplicateGroups: groups.size,
    ignored,
    exitCode: exitCodeOf(objects),
  };
}
