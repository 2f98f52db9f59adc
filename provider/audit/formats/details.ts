import type { AuditObject } from "../types";

/** What a report says of an object beside its class, kind, id, name and stack: drift, claimant, holders, twins. */
export function detailsOf(object: AuditObject): string {
  const parts: string[] = [];
  if (object.driftedFields?.length) parts.push(`drift: ${object.driftedFields.join(", ")}`);
  if (object.claimedBy !== undefined) parts.push(`claimed by ${object.claimedBy}`);
  if (object.heldBy?.length) parts.push(`held by ${object.heldBy.join(", ")}`);
  if (object.duplicateOf?.length) parts.push(`same name as ${object.duplicateOf.join(", ")}`);
  return parts.join("; ");
}

/** The class as a report shows it: `managed` objects that drifted read `drifted`. */
export function shownClass(object: AuditObject): string {
  return object.class === "managed" && object.driftedFields?.length ? "drifted" : object.class;
}

/** Whether a report lists the object line by line: everything but managed objects in sync. */
export function isListed(object: AuditObject): boolean {
  return shownClass(object) !== "managed" || (object.duplicateOf?.length ?? 0) > 0;
}
