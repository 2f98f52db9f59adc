import { isUnset } from "./canonical";
import { managedPaths } from "./changes";
import type { DecodedProps } from "./decoded";
import type { LiveObject, ResourceKind } from "./kind";
import { annotationValue, type Ownership, ownershipAnnotations } from "./ownership";
import { deletePath } from "./paths";
import { keepSetOrder } from "./setOrder";
import { annotationsOf, CONTROL_KEYS, controlsOf, OWNERSHIP_KEY, type Props, writeState } from "./stateCodec";
import { digestWriteOnly, writeOnlyPaths, writeOnlyValues } from "./writeOnly";

/** Program inputs that steer the engine rather than describe the object. */
export interface ControlInputs {
  /** The id of an existing object to take under management instead of creating one. */
  readonly adoptId?: string;
  /** Adopt even when the object's annotations say another workspace or tool manages it. @default false */
  readonly allowTakeover?: boolean;
  /** On delete, put back the values this resource replaced. @default false */
  readonly restoreOnDelete?: boolean;
  /**
   * Whether destroy deletes the object, for kinds whose objects carry no annotations (an auth config). @default true
   * for an object this stack created, false for an adopted one
   */
  readonly deleteOnDestroy?: boolean;
}

export { CONTROL_KEYS, type Props };

/** The managed paths of the inputs, side fields included. */
export function managedFieldsOf(kind: ResourceKind, inputs: Props): string[] {
  const sideFields = Object.keys(kind.sideFields ?? {}).filter((name) => inputs[name] !== undefined);
  return [...managedPaths(kind.fields, inputs), ...sideFields];
}

/** Whether delete leaves the object in place (a singleton, a campaign's scope): `restoreOnDelete` applies to it. */
export function leavesObjectOnDelete(kind: ResourceKind): boolean {
  return !kind.api.delete || kind.singleton !== undefined || kind.replaceStyleUpdate === true;
}

/**
 * Whether a live value is the service's unset scalar or list (null, "", 0, false, [] or an `*_UNSPECIFIED` member).
 * An object is never counted: an empty one can be a oneof member that is set.
 */
function unsetScalar(value: unknown): boolean {
  const object = value !== null && typeof value === "object" && !Array.isArray(value);
  return !object && isUnset(value);
}

/**
 * Leaves out the live fields the service answered unset that the program does not manage: diff and refresh compare
 * managed fields only, and proto3 JSON reads an absent field as unset, so each would cost state bytes (paid on every
 * checkpoint) for nothing. Such an output reads `undefined` in the program. Annotations are always kept, and so is
 * every field of an object that delete leaves in place: `restoreOnDelete` puts back the values it had, as read.
 */
function dropUnmanagedUnset(
  kind: ResourceKind,
  outputs: Props,
  live: LiveObject,
  managedFields: readonly string[],
): void {
  if (leavesObjectOnDelete(kind)) return;
  const managed = new Set(managedFields.map((path) => path.split(/[.[]/)[0]));
  for (const key of Object.keys(live.fields)) {
    if (key !== "annotations" && !managed.has(key) && unsetScalar(outputs[key])) delete outputs[key];
  }
}

/** Whether the live object carries the stamps that claim it for `ownership` (the tool version aside). */
function stampedFor(live: LiveObject, ownership: Ownership | undefined): boolean {
  if (ownership === undefined) return false;
  const stamps = annotationsOf(live.fields);
  const { iac_tool_version: _version, ...wanted } = ownershipAnnotations(ownership, "");
  return Object.entries(wanted).every(([key, value]) => annotationValue(stamps, key) === value);
}

/**
 * The outputs of a resource: the live object (without its unmanaged unset fields), plus what the engine must
 * remember. An empty `managedAnnotationKeys` is left out (read as none). After a write, `inputs` are the
 * program's inputs just applied; after a read, they are undefined and the previous outputs are carried over.
 * Write-only values are never read back: the live object's placeholder is dropped; the digest and the value last
 * sent are remembered (`writeOnlyValues` is a secret output). Sets keep the order of the program (after a write) or
 * of the state (after a read) while they hold the same members.
 */
export function buildOutputs(
  kind: ResourceKind,
  live: LiveObject,
  previousState: DecodedProps | undefined,
  appliedInputs?: DecodedProps,
): Props {
  const previous = previousState?.props;
  const inputs = appliedInputs?.props;
  const outputs: Props = { ...live.fields };
  for (const key of kind.onceOutputs ?? []) {
    const value = live.once?.[key] ?? previous?.[key];
    if (value !== undefined) outputs[key] = value;
  }
  const before = previousState?.state ?? {};
  const secretPaths = writeOnlyPaths(kind.fields);
  for (const path of secretPaths) deletePath(outputs, path);
  const digestsBefore = before.writeOnlyDigests ?? {};
  const writeOnlyDigests =
    secretPaths.length === 0
      ? undefined
      : inputs
        ? digestWriteOnly(kind.fields, inputs, digestsBefore)
        : digestsBefore;
  const managedBefore = before.managedFields ?? [];
  for (const name of Object.keys(kind.sideFields ?? {})) {
    if (inputs && inputs[name] !== undefined) outputs[name] = inputs[name];
    // A side field the program stopped setting was just cleared by its own calls.
    else if (inputs && managedBefore.includes(name)) delete outputs[name];
  }
  const source = appliedInputs ?? previousState;
  const managedFields = inputs ? managedFieldsOf(kind, inputs) : (before.managedFields ?? []);
  dropUnmanagedUnset(kind, outputs, live, managedFields);
  const annotationKeys = inputs
    ? Object.keys(annotationsOf(inputs) ?? {}).sort()
    : (before.managedAnnotationKeys ?? []);
  writeState(outputs, {
    writeOnlyDigests,
    writeOnlyValues: writeOnlyDigests && writeOnlyValues(writeOnlyDigests, inputs, before.writeOnlyValues),
    managedFields,
    managedAnnotationKeys: kind.annotations && annotationKeys.length > 0 ? annotationKeys : undefined,
    ...controlsOf(source?.state ?? {}),
    // States of development builds keep it under `ownership`: it is written back under its new key.
    [OWNERSHIP_KEY]: source?.ownership,
    replacedValues: before.replacedValues,
    stampsPending: before.stampsPending === true && !stampedFor(live, source?.ownership) ? true : undefined,
  });
  keepSetOrder(kind, outputs, inputs ?? previous);
  return outputs;
}
