import { operationText } from "./describe";
import type { PlannedChange } from "./types";

/** Where a count comes from: a count field of the live object, or nowhere (and why). */
export type CountSource =
  { readonly live: "userCount" | "memberCount" | "grantCount" } | { readonly unknown: string };

/** One impact of a change before its count is read. */
export interface ImpactRule {
  readonly change: string;
  readonly count: CountSource;
  /** Who gains or loses what, when the count is not known. */
  readonly meaning: string;
  /** The same sentence led by the count read: `6 users lose the app (App.userCount)`. */
  readonly counted?: (count: number) => string;
  readonly tenantWide: boolean;
}

/** `1 user`, `6 users`. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A verb agreeing with a count: `loses` for 1, `lose` for others. */
export function verb(count: number, plural: string, singular: string): string {
  return count === 1 ? singular : plural;
}

/** How a removal is named: `delete`, or `replace (delete, then create): x changed`. */
export function removal(change: PlannedChange): string {
  const op = operationText(change.operation);
  return change.operation === "replace" && change.changedPaths.length > 0
    ? `${op}: ${change.changedPaths.join(", ")} changed`
    : op;
}

/** Whether the change removes the object (a delete, or the delete of a replace). */
export function removes(change: PlannedChange): boolean {
  return change.operation === "delete" || change.operation === "replace";
}
