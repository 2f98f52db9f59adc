import { MANAGED_BY } from "../engine/ownership";
import { KIND_NAMES, type KindName } from "../kinds/names";
import type { AuditObject, Stamp, StackIdentity, TenantObject } from "./types";

/** One object a given stack holds. */
export interface Holding {
  readonly stack: StackIdentity;
  readonly kind: KindName;
  readonly id: string;
  /** The display name the state last read, for an object the tenant no longer has. */
  readonly displayName?: string;
}

/** What differs between an object and the inputs of the one stack that holds it: names, never values. */
export type DriftOf = (object: TenantObject, holder: StackIdentity) => readonly string[];

function key(kind: string, id: string): string {
  return `${kind}\u0000${id}`;
}

/** Whether a stamped `iac_workspace` names the stack: equal, or `<any org>/<project>/<stack>` when its org is unknown. */
export function namesStack(stack: StackIdentity, workspace: string): boolean {
  if (stack.workspace !== undefined) return stack.workspace === workspace;
  if (stack.project === undefined || stack.stack === undefined) return false;
  const parts = workspace.split("/");
  return parts.length === 3 && parts[1] === stack.project && parts[2] === stack.stack;
}

/** Who the stamps say manages the object when that is another tool or any workspace: undefined when unstamped. */
function claimantOf(stamp: Stamp | undefined): string | undefined {
  if (stamp === undefined) return undefined;
  if (stamp.tool !== undefined && stamp.tool !== MANAGED_BY) {
    return stamp.workspace === undefined
      ? `managed_by=${stamp.tool}`
      : `${stamp.workspace} (managed_by=${stamp.tool})`;
  }
  return stamp.workspace ?? (stamp.tool === undefined ? undefined : `managed_by=${stamp.tool}`);
}

/** Whether the stamps name someone other than `stack`: another tool, or another workspace. */
function stampedForOther(stamp: Stamp | undefined, stack: StackIdentity): boolean {
  if (stamp === undefined) return false;
  if (stamp.tool !== undefined && stamp.tool !== MANAGED_BY) return true;
  return stamp.workspace !== undefined && !namesStack(stack, stamp.workspace);
}

function classifyPresent(
  object: TenantObject,
  holders: readonly StackIdentity[],
  stacks: readonly StackIdentity[],
  driftOf: DriftOf,
): AuditObject {
  const base = { kind: object.kind, id: object.id, displayName: object.displayName };
  const stamp = object.stamp;
  const claimant = claimantOf(stamp);
  if (holders.length >= 2) {
    const stamped = holders.find((holder) => !stampedForOther(stamp, holder) && claimant !== undefined);
    return {
      ...base,
      class: "double-claimed",
      stack: (stamped ?? holders[0]!).name,
      heldBy: holders.map((holder) => holder.name),
    };
  }
  const holder = holders[0];
  if (holder !== undefined) {
    if (stampedForOther(stamp, holder))
      return { ...base, class: "claimed", stack: holder.name, claimedBy: claimant! };
    const driftedFields = driftOf(object, holder);
    return {
      ...base,
      class: "managed",
      stack: holder.name,
      ...(driftedFields.length > 0 ? { driftedFields } : {}),
    };
  }
  if (claimant === undefined) return { ...base, class: "unmanaged" };
  const pulumiStamp = stamp?.tool === undefined || stamp.tool === MANAGED_BY;
  const owner =
    pulumiStamp && stamp?.workspace !== undefined
      ? stacks.find((stack) => namesStack(stack, stamp.workspace!))
      : undefined;
  if (owner) return { ...base, class: "orphaned", stack: owner.name };
  return { ...base, class: "claimed", claimedBy: claimant };
}

/**
 * What two objects must share to be likely duplicates: their kind, the collection they live in (an app resource's
 * `app/type`), and their display name, trimmed and case folded.
 */
function nameKey(object: AuditObject): string {
  const collection = object.id.includes("/") ? object.id.slice(0, object.id.lastIndexOf("/")) : "";
  return key(`${object.kind}/${collection}`, object.displayName.trim().toLowerCase());
}

/**
 * Marks likely duplicates: objects of one kind sharing a display name, at least one of them managed. Each gets the
 * others' ids in `duplicateOf`; an unmanaged one becomes `duplicate`.
 */
function markDuplicates(objects: readonly AuditObject[]): AuditObject[] {
  const groups = new Map<string, AuditObject[]>();
  for (const object of objects) {
    if (object.class === "gone") continue;
    const name = nameKey(object);
    groups.set(name, [...(groups.get(name) ?? []), object]);
  }
  return objects.map((object) => {
    const group = object.class === "gone" ? [] : (groups.get(nameKey(object)) ?? []);
    if (group.length < 2 || !group.some((member) => member.class === "managed")) return object;
    const duplicateOf = group.filter((member) => member !== object).map((member) => member.id);
    return {
      ...object,
      ...(object.class === "unmanaged" ? { class: "duplicate" as const } : {}),
      duplicateOf,
    };
  });
}

/** Objects in a fixed order: by kind (the registry's order), then id. */
function inFixedOrder(objects: readonly AuditObject[]): AuditObject[] {
  const rank = (kind: KindName) => KIND_NAMES.indexOf(kind);
  return [...objects].sort((a, b) => rank(a.kind) - rank(b.kind) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Sorts every object of the tenant, and every object a given stack holds, into its class (see `AuditClass`). Kinds
 * without annotations carry no stamps: their objects are classified by the given stacks' states alone (managed,
 * double-claimed, gone or unmanaged, never claimed or orphaned). Objects `leaveOut` names (an ignore file's) are
 * left out before duplicates are told, so an ignored object makes no other one a duplicate.
 */
export function classify(
  tenant: readonly TenantObject[],
  holdings: readonly Holding[],
  stacks: readonly StackIdentity[],
  driftOf: DriftOf,
  leaveOut: (object: AuditObject) => boolean = () => false,
): AuditObject[] {
  const holders = new Map<string, Holding[]>();
  for (const holding of holdings) {
    const at = key(holding.kind, holding.id);
    holders.set(at, [...(holders.get(at) ?? []), holding]);
  }
  const present = new Set(tenant.map((object) => key(object.kind, object.id)));
  const found = tenant.map((object) =>
    classifyPresent(
      object,
      (holders.get(key(object.kind, object.id)) ?? []).map((holding) => holding.stack),
      stacks,
      driftOf,
    ),
  );
  const gone = [...holders.entries()]
    .filter(([at]) => !present.has(at))
    .map(([, held]): AuditObject => {
      const first = held[0]!;
      return {
        kind: first.kind,
        id: first.id,
        displayName: first.displayName ?? first.id,
        class: "gone",
        stack: first.stack.name,
        ...(held.length > 1 ? { heldBy: held.map((holding) => holding.stack.name) } : {}),
      };
    });
  return inFixedOrder(markDuplicates([...found, ...gone].filter((object) => !leaveOut(object))));
}
