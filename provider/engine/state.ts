import { managedPaths } from "./changes";
import type { LiveObject, ResourceKind } from "./kind";
import { deletePath } from "./paths";
import { annotationsOf, CONTROL_KEYS, controlsOf, type Props, readState, writeState } from "./stateCodec";
import { digestWriteOnly, writeOnlyPaths } from "./writeOnly";

export { CONTROL_KEYS, type Props };

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
  readonly ownership?: { readonly workspace: string; readonly resourceAddress: string };
}

/** The managed paths of the inputs, side fields included. */
export function managedFieldsOf(kind: ResourceKind, inputs: Props): string[] {
  const sideFields = Object.keys(kind.sideFields ?? {}).filter((name) => inputs[name] !== undefined);
  return [...managedPaths(kind.fields, inputs), ...sideFields];
}

/**
 * The outputs of a resource: the live object, plus what the engine must remember. After a write, `inputs` are the
 * program's inputs just applied; after a read, they are undefined and the previous outputs are carried over.
 * Write-only values are never kept: the live object's placeholder is dropped and only a digest is remembered.
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
  const before = readState(previous);
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
  return writeState(outputs, {
    writeOnlyDigests,
    managedFields: inputs ? managedFieldsOf(kind, inputs) : (before.managedFields ?? []),
    managedAnnotationKeys: !kind.annotations
      ? undefined
      : inputs
        ? Object.keys(annotationsOf(inputs) ?? {}).sort()
        : (before.managedAnnotationKeys ?? []),
    ...controlsOf(inputs ? readState(inputs) : before),
    replacedValues: before.replacedValues,
  });
}
