import { managedPaths } from "./changes";
import type { LiveObject, ResourceKind } from "./kind";
import { deletePath } from "./paths";
import { OWNERSHIP_KEY, ownershipIn } from "./ownership";
import { keepSetOrder } from "./setOrder";
import { digestWriteOnly, type WriteOnlyDigests, writeOnlyPaths } from "./writeOnly";

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
  /** Salted digests of the write-only values last sent (never the values). */
  readonly writeOnlyDigests?: WriteOnlyDigests;
  readonly restoreOnDelete?: boolean;
}

export type Props = Record<string, unknown>;

/** The managed paths of the inputs, side fields included. */
export function managedFieldsOf(kind: ResourceKind, inputs: Props): string[] {
  const sideFields = Object.keys(kind.sideFields ?? {}).filter((name) => inputs[name] !== undefined);
  return [...managedPaths(kind.fields, inputs), ...sideFields];
}

/**
 * The outputs of a resource: the live object, plus what the engine must remember. After a write, `inputs` are the
 * program's inputs just applied; after a read, they are undefined and the previous outputs are carried over.
 * Write-only values are never kept: the live object's placeholder is dropped and only a digest is remembered. Sets
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
  }
  const managedBefore = (previous?.managedFields as string[] | undefined) ?? [];
  for (const name of Object.keys(kind.sideFields ?? {})) {
    if (inputs && inputs[name] !== undefined) outputs[name] = inputs[name];
    // A side field the program stopped setting was just cleared by its own calls.
    else if (inputs && managedBefore.includes(name)) delete outputs[name];
  }
  const source = inputs ?? previous ?? {};
  outputs.managedFields = inputs ? managedFieldsOf(kind, inputs) : (previous?.managedFields ?? []);
  if (kind.annotations) {
    outputs.managedAnnotationKeys = inputs
      ? Object.keys((inputs.annotations as Props | undefined) ?? {}).sort()
      : (previous?.managedAnnotationKeys ?? []);
  }
  for (const key of CONTROL_KEYS) if (source[key] !== undefined) outputs[key] = source[key];
  const ownership = ownershipIn(source);
  if (ownership) outputs[OWNERSHIP_KEY] = ownership;
  const replaced = previous?.replacedValues;
  if (replaced !== undefined) outputs.replacedValues = replaced;
  keepSetOrder(kind, outputs, inputs ?? previous);
  return outputs;
}
