import { z } from "zod";

/** A resource's inputs or outputs as Pulumi hands them over. */
export type Props = Record<string, unknown>;

const stringList = z.array(z.string());
const stringMap = z.record(z.string(), z.string());

/**
 * The input that carries a resource's ownership from the program to the provider. Pulumi never shows a property
 * whose name starts with `__` (as it hides `__provider`), so it stays out of every diff.
 */
export const OWNERSHIP_KEY = "__ownership";

/**
 * The key of the tenant an object lives in (its origin, e.g. `https://acme.example.com`), recorded in its state so
 * that a provider pointed elsewhere never reads, writes or deletes it there. Hidden from diffs like `__ownership`.
 */
export const TENANT_KEY = "__tenant";

const ownership = z.object({ workspace: z.string(), resourceAddress: z.string() });

/**
 * Every key the engine keeps in a resource's state beside the live object's fields, with its shape: its own
 * bookkeeping, and the program's control inputs, carried into outputs so that refresh and destroy know them.
 */
const STATE_KEYS = {
  /** The dotted paths the program managed at its last write. */
  managedFields: stringList,
  /** The annotation keys the program set at its last write. */
  managedAnnotationKeys: stringList,
  /** The values an adoption replaced (dotted path to value), put back on delete when `restoreOnDelete` is set. */
  replacedValues: z.record(z.string(), z.unknown()),
  /** Salted digests of the write-only values last sent. */
  writeOnlyDigests: stringMap,
  /** The write-only values last sent, by dotted path (a secret output): what a refresh gives back as inputs. */
  writeOnlyValues: z.record(z.string(), z.unknown()),
  /** The id of an existing object taken under management instead of creating one. */
  adoptId: z.string(),
  /** Adopt or write even when the object's annotations name another owner. */
  allowTakeover: z.boolean(),
  /** On delete, put back the values this resource replaced. */
  restoreOnDelete: z.boolean(),
  /** Whether destroy deletes an object without annotations. */
  deleteOnDestroy: z.boolean(),
  /** Stamped as ownership annotations; set by the resource class. */
  [OWNERSHIP_KEY]: ownership,
  /**
   * Set by an import: the object has not been stamped by this stack yet. The stamps ride along with its next write
   * and never cause one; the state's ownership already says the object is this stack's.
   */
  stampsPending: z.boolean(),
  /** Where states of development builds, before the `__ownership` key, keep the ownership: read, never written. */
  ownership,
  /** The tenant the object lives in; states of earlier versions lack it (unknown: never blocks). */
  [TENANT_KEY]: z.string(),
};

type StateKey = keyof typeof STATE_KEYS;

/** The engine's keys of a state, parsed; each is unset when the state has none (or none of its shape). */
export type EngineState = { readonly [K in StateKey]?: z.output<(typeof STATE_KEYS)[K]> | undefined };

/** The program's inputs that steer the engine rather than describe the object; outputs carry them over. */
export const CONTROL_KEYS = [
  "adoptId",
  "allowTakeover",
  "restoreOnDelete",
  "deleteOnDestroy",
  OWNERSHIP_KEY,
] as const satisfies readonly StateKey[];

/** The control keys of a state. */
export function controlsOf(state: EngineState): EngineState {
  return Object.fromEntries(CONTROL_KEYS.map((key) => [key, state[key]]));
}

/** The names of the engine's keys, in the order it writes them. */
export const STATE_KEY_NAMES = Object.keys(STATE_KEYS) as readonly StateKey[];

/**
 * Reads the engine's keys of `props` (outputs, or the program's inputs for the control keys). A key a state written
 * by an earlier version lacks, or one of another shape (a state edited by hand), reads as unset.
 */
export function readState(props: Props | undefined): EngineState {
  const state: Partial<Record<StateKey, unknown>> = {};
  for (const key of STATE_KEY_NAMES) {
    const value = props?.[key];
    if (value === undefined) continue; // most states lack most keys; a failed parse builds an error for nothing
    const result = STATE_KEYS[key].safeParse(value);
    if (result.success) state[key] = result.data;
  }
  return state as EngineState;
}

/** Writes the set keys of `state` into `outputs`, as {@link readState} reads them back. */
export function writeState(outputs: Props, state: EngineState): Props {
  for (const key of STATE_KEY_NAMES) if (state[key] !== undefined) outputs[key] = state[key];
  return outputs;
}

/** The ownership in a resource's inputs or outputs; states of development builds before the `__ownership` key keep it under `ownership`. */
export function ownershipIn(props: Props | undefined): EngineState[typeof OWNERSHIP_KEY] {
  const state = readState(props);
  return state[OWNERSHIP_KEY] ?? state.ownership;
}

/** The `annotations` field of a live object or of the program's inputs, when it is a map of strings. */
export function annotationsOf(fields: Props | undefined): Record<string, string> | undefined {
  if (fields?.annotations === undefined) return undefined; // a failed parse builds an error for nothing
  const result = stringMap.safeParse(fields.annotations);
  return result.success ? result.data : undefined;
}
