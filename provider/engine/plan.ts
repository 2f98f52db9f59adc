import { canonicalValue, sameCanonical } from "./canonical";
import { computeChanges } from "./changes";
import { fieldAt } from "./fields";
import type { ResourceKind } from "./kind";
import { buildMaskedPatch } from "./mask";
import { resourceAddressAnnotation } from "./address";
import { type DecodedProps, decodeProps } from "./decoded";
import { annotationPatch, annotationValue, type Ownership, ownershipAnnotations } from "./ownership";
import { getPath } from "./paths";
import { annotationsOf, BOOKKEEPING_KEY, type Props, STATE_KEY_NAMES } from "./stateCodec";
import type { WriteOnlyDigests } from "./writeOnly";

/** The stamps that claim an object: after an import they ride along with a write, so they never count as drift. */
const CLAIM_STAMPS: readonly string[] = ["managed_by", "iac_workspace", "iac_resource_address"];

/** One write, planned: the masked update to send, the side fields to change, and what forces a replace. */
export interface WritePlan {
  readonly entity: Record<string, unknown>;
  readonly mask: readonly string[];
  readonly sideFields: readonly string[];
  readonly replaces: readonly string[];
  /** The input paths whose values differ (the mask of a masked update, whatever a replace-style one sends). */
  readonly changedPaths: readonly string[];
}

/** What the last write left in outputs about what the program managed. */
export interface PreviousManagement {
  readonly managedFields: readonly string[];
  readonly managedAnnotationKeys: readonly string[];
  /** Digests of the write-only values last sent. */
  readonly writeOnlyDigests: WriteOnlyDigests;
  /** The `iac_resource_address` this state stamped: the resource's address before an alias renamed it. */
  readonly stampedAddress?: string;
  /** Whether an import recorded the state and no write has stamped the object since: its stamps ride along. */
  readonly stampsPending?: boolean;
}

/** What the last write left in a state decoded at the service's edge (none: a create). */
export function managementOf(previous: DecodedProps | undefined): PreviousManagement {
  const state = previous?.state ?? {};
  const address = previous?.ownership?.resourceAddress;
  return {
    managedFields: state.managedFields ?? [],
    managedAnnotationKeys: state.managedAnnotationKeys ?? [],
    writeOnlyDigests: state.writeOnlyDigests ?? {},
    ...(address === undefined ? {} : { stampedAddress: resourceAddressAnnotation(address) }),
    ...(state.stampsPending === true ? { stampsPending: true } : {}),
  };
}

/** {@link managementOf} the outputs of a state not decoded yet (a stack export the audit reads). */
export function previousManagement(props: Props | undefined): PreviousManagement {
  return managementOf(props === undefined ? undefined : decodeProps(props));
}

/**
 * The paths whose values the program set before and no longer sets, compared with unset so they are cleared. A
 * replace-style write sends every field, so every field counts (one the program leaves out means unset). A
 * singleton's fields are the tenant's: one the program stops managing is left as it is.
 */
function droppedCandidates(kind: ResourceKind, previous: PreviousManagement): readonly string[] {
  if (kind.replaceStyleUpdate) return Object.keys(kind.fields);
  if (kind.singleton !== undefined) return [];
  const sideNames = Object.keys(kind.sideFields ?? {});
  return previous.managedFields.filter((path) => !sideNames.includes(path));
}

/** The live object's fields held in outputs, without the engine's bookkeeping. */
export function liveFieldsOf(kind: ResourceKind, props: Props): Props {
  const omitted = new Set<string>([
    ...STATE_KEY_NAMES,
    BOOKKEEPING_KEY,
    "__provider",
    ...(kind.onceOutputs ?? []),
  ]);
  return Object.fromEntries(Object.entries(props).filter(([key]) => !omitted.has(key)));
}

/**
 * Plans the write that turns the live object into what the program declares: exactly the changed managed fields
 * in the mask, annotations merged (changed keys, dropped keys as ""), and side fields compared as sets. The
 * resource's `ownership` is stamped on a kind with annotations.
 */
export function planWrite(
  kind: ResourceKind,
  desired: Props,
  live: Props,
  previous: PreviousManagement,
  toolVersion: string,
  ownership: Ownership | undefined,
): WritePlan {
  const sideNames = Object.keys(kind.sideFields ?? {});
  const dropped = droppedCandidates(kind, previous);
  const changes = computeChanges(kind.fields, desired, live, dropped, previous.writeOnlyDigests);
  const patch = kind.replaceStyleUpdate
    ? buildMaskedPatch(desired, changes.paths.length > 0 ? Object.keys(kind.fields) : [])
    : buildMaskedPatch(desired, changes.paths);
  const entity = { ...patch.entity };
  const mask = [...patch.mask];
  const sideFields = sideNames.filter((name) => {
    const spec = kind.sideFields?.[name]?.spec;
    if (!spec || (desired[name] === undefined && !previous.managedFields.includes(name))) return false;
    return !sameCanonical(canonicalValue(desired[name], spec), canonicalValue(getPath(live, name), spec));
  });
  let annotationsChanged = false;
  if (kind.annotations && ownership) {
    const user = annotationsOf(desired) ?? {};
    const liveAnnotations = annotationsOf(live);
    const keys = [...previous.managedAnnotationKeys];
    const stamps = ownershipAnnotations(ownership, toolVersion);
    const annotations = annotationPatch(user, stamps, liveAnnotations, keys);
    // Renamed with an alias: the object still names the address this state stamped. The new address rides along
    // with any other write, but never causes one.
    const stamped = annotationValue(liveAnnotations, "iac_resource_address");
    const renamed = stamped !== undefined && stamped === previous.stampedAddress;
    const onlyRenamed =
      renamed &&
      mask.length === 0 &&
      sideFields.length === 0 &&
      !annotationPatch(user, { ...stamps, iac_resource_address: stamped }, liveAnnotations, keys).changed;
    // After an import, the stamps ride along with the next write too, but never cause one nor show as a change.
    const ridesAlong =
      previous.stampsPending === true && !annotationPatch(user, {}, liveAnnotations, keys).changed;
    const otherWrite = mask.length > 0 || sideFields.length > 0;
    if (annotations.changed && !onlyRenamed && (!ridesAlong || otherWrite)) {
      entity.annotations = annotations.patch;
      mask.push("annotations");
      annotationsChanged = !ridesAlong;
    }
  }
  const replaces = [...changes.replaces, ...(kind.replacesFor?.(desired, live) ?? [])];
  const changedPaths = [...changes.paths, ...(annotationsChanged ? ["annotations"] : [])];
  return { entity, mask, sideFields, replaces: [...new Set(replaces)], changedPaths };
}

/**
 * The names of what differs between the live object and the program's inputs, by the comparison a write plans with:
 * the changed managed fields (dotted paths), the changed side fields, and `annotations.<key>` for each annotation
 * (ownership stamps included) a write would set or clear. The tool version never counts; write-only fields are left
 * out (the service never answers them, so they cannot be seen to differ).
 */
export function driftedPaths(
  kind: ResourceKind,
  desired: Props,
  live: Props,
  previous: PreviousManagement,
  toolVersion: string,
): string[] {
  const changes = computeChanges(kind.fields, desired, live, droppedCandidates(kind, previous));
  const plan = planWrite(kind, desired, live, previous, toolVersion, decodeProps(desired).ownership);
  const ridingAlong = previous.stampsPending === true ? CLAIM_STAMPS : [];
  const annotationKeys = Object.keys((plan.entity.annotations ?? {}) as Record<string, string>)
    .filter((key) => key !== "iac_tool_version" && !ridingAlong.includes(key))
    .sort()
    .map((key) => `annotations.${key}`);
  const readable = changes.paths.filter((path) => fieldAt(kind.fields, path)?.writeOnly !== true);
  return [...readable, ...plan.sideFields, ...annotationKeys];
}

/** Whether a plan sends anything. */
export function planChanges(plan: WritePlan): boolean {
  return plan.mask.length > 0 || plan.sideFields.length > 0;
}
