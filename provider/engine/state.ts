import { isUnset } from "./canonical";
import { managedPaths } from "./changes";
import type { LiveObject, ResourceKind } from "./kind";
import { deletePath } from "./paths";
import { OWNERSHIP_KEY, ownershipIn } from "./ownership";
import { keepSetOrder } from "./setOrder";
import { digestWriteOnly, type WriteOnlyDigests, writeOnlyPaths, writeOnlyValues } from "./writeOnly";

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
  /** Stamped as ownership annotations; set by the resource class. */
  readonly [OWNERSHIP_KEY]?: { readonly workspace: string; readonly resourceAddress: string };
}

export const CONTROL_KEYS = [
  "adoptId",
  "allowTakeover",
  "restoreOnDelete",
  "deleteOnDestroy",
  OWNERSHIP_KEY,
] as const;

/** What the engine keeps in outputs beside the live object, to diff and update correctly later. */
export interface EngineOutputs {
  /** The dotted paths the program managed at its last write. */
  readonly managedFields?: readonly string[];
  /** The annotation keys the program set at its last write. */
  readonly managedAnnotationKeys?: readonly string[];
  /** The values an adoption replaced, put back on delete when `restoreOnDelete` is set. */
  readonly replacedValues?: Record<string, unknown>;
  /** Salted digests of the write-only values last sent. */
  readonly writeOnlyDigests?: WriteOnlyDigests;
  /** The write-only values last sent, by dotted path (a secret output): what a refresh gives back as inputs. */
  readonly writeOnlyValues?: Readonly<Record<string, unknown>>;
  readonly restoreOnDelete?: boolean;
}

export type Props = Record<string, unknown>;

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

/**
 * The outputs of a resource: the live object (without its unmanaged unset fields), plus what the engine must
 * remember. An empty `managedAnnotationKeys` is left out (read as none). After a write, `inputs` are the
 * program's inputs just applied; after a read, they are undefined and the previous outputs are carried over.
 * Write-only values are never read back: the live object's placeholder is dropped; the digest and the value last
 * sent are remembered (`writeOnlyValues` is a secret output). Sets
 * keep the order of the program (after a write) or of the state (after a read) while they hold the same members.
 */
export function buildOutputs(
  kind: ResourceKind,
  live: LiveObject,
  previous: Props | undefined,
  inputs?: Props,
): Props {
  const outputs: Props = { ...live.fields };
  for (const key of kind.onceOutputs ?? []) {
    const value = live.once?.[key] ?? previous?.[key];
    if (value !== undefined) outputs[key] = value;
  }
  const secretPaths = writeOnlyPaths(kind.fields);
  for (const path of secretPaths) deletePath(outputs, path);
  if (secretPaths.length > 0) {
    const before = (previous?.writeOnlyDigests as WriteOnlyDigests | undefined) ?? {};
    outputs.writeOnlyDigests = inputs ? digestWriteOnly(kind.fields, inputs, before) : before;
    outputs.writeOnlyValues = writeOnlyValues(outputs.writeOnlyDigests as WriteOnlyDigests, inputs, previous);
  }
  const managedBefore = (previous?.managedFields as string[] | undefined) ?? [];
  for (const name of Object.keys(kind.sideFields ?? {})) {
    if (inputs && inputs[name] !== undefined) outputs[name] = inputs[name];
    // A side field the program stopped setting was just cleared by its own calls.
    else if (inputs && managedBefore.includes(name)) delete outputs[name];
  }
  const source = inputs ?? previous ?? {};
  const managedFields = inputs
    ? managedFieldsOf(kind, inputs)
    : ((previous?.managedFields as string[] | undefined) ?? []);
  outputs.managedFields = managedFields;
  dropUnmanagedUnset(kind, outputs, live, managedFields);
  const annotationKeys = inputs
    ? Object.keys((inputs.annotations as Props | undefined) ?? {}).sort()
    : ((previous?.managedAnnotationKeys as string[] | undefined) ?? []);
  if (kind.annotations && annotationKeys.length > 0) outputs.managedAnnotationKeys = annotationKeys;
  for (const key of CONTROL_KEYS) if (source[key] !== undefined) outputs[key] = source[key];
  const ownership = ownershipIn(source);
  if (ownership) outputs[OWNERSHIP_KEY] = ownership;
  const replaced = previous?.replacedValues;
  if (replaced !== undefined) outputs.replacedValues = replaced;
  keepSetOrder(kind, outputs, inputs ?? previous);
  return outputs;
}
