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

/**
 * The key of the pulumi-idgov version that last wrote a resource's state, so that an older version refuses a state
 * it may not wholly know (see the upgrading guide). Hidden from diffs like `__ownership`.
 */
export const WRITER_KEY = "writtenBy";

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
  /** Where the resource lives, stamped as ownership annotations: the one the door gave at the last write. */
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
  /** The pulumi-idgov version that last wrote the state; states of 0.1.0 lack it (older: never blocks). */
  [WRITER_KEY]: z.string(),
};

type StateKey = keyof typeof STATE_KEYS;

/**
 * The output that holds the engine's own bookkeeping, as one JSON text. Pulumi copies, compares and sends every value
 * of a state at each step, so bookkeeping kept as one value costs it one (a refresh of 1,000 Apps runs about a tenth
 * faster than with these keys each a value of its own). Pulumi hides it from diffs, like every `__` key.
 */
export const BOOKKEEPING_KEY = "__idgov";

/**
 * The keys written into {@link BOOKKEEPING_KEY}. The others stay outputs of their own: the program's control inputs,
 * which it may mark secret, and the values a kind may keep secret (`writeOnlyDigests`, `writeOnlyValues`,
 * `replacedValues`), since Pulumi marks a secret by its key.
 */
export const BOOKKEEPING_KEYS: ReadonlySet<StateKey> = new Set([
  "managedFields",
  "managedAnnotationKeys",
  OWNERSHIP_KEY,
  "stampsPending",
  TENANT_KEY,
  WRITER_KEY,
]);

/** The engine's keys of a state, parsed; each is unset when the state has none (or none of its shape). */
export type EngineState = { readonly [K in StateKey]?: z.output<(typeof STATE_KEYS)[K]> | undefined };

/** The program's inputs that steer the engine rather than describe the object; outputs carry them over. */
export const CONTROL_KEYS = [
  "adoptId",
  "allowTakeover",
  "restoreOnDelete",
  "deleteOnDestroy",
] as const satisfies readonly StateKey[];

/** The control keys of a state. */
export function controlsOf(state: EngineState): EngineState {
  return Object.fromEntries(CONTROL_KEYS.map((key) => [key, state[key]]));
}

/** The names of the engine's keys, in the order it writes them. */
export const STATE_KEY_NAMES = Object.keys(STATE_KEYS) as readonly StateKey[];

/** The engine's keys of a state, and the ones it holds that cannot be read. */
export interface CheckedState {
  readonly state: EngineState;
  /**
   * The engine's keys the props hold in a shape this version cannot read (a state edited by hand, or written by a
   * version that reads them otherwise): `__idgov` itself when it is not a JSON object, else each key of it, or of
   * the outputs, whose value breaks its shape. Empty when every key reads.
   */
  readonly unreadable: readonly string[];
}

/**
 * Reads the engine's keys of `props` (outputs, or the program's inputs for the control keys). A key a state written
 * by an earlier version lacks reads as unset; one of another shape reads as unset too, and is named in `unreadable`.
 */
export function readCheckedState(props: Props | undefined): CheckedState {
  const state: Partial<Record<StateKey, unknown>> = {};
  const unreadable: string[] = [];
  const bookkeeping = bookkeepingOf(props);
  if (bookkeeping === "unreadable") unreadable.push(BOOKKEEPING_KEY);
  for (const key of STATE_KEY_NAMES) {
    // States of earlier versions keep every key as an output of its own.
    const value = (bookkeeping === "unreadable" ? undefined : bookkeeping?.[key]) ?? props?.[key];
    if (value === undefined || value === null) continue; // most states lack most keys
    const result = STATE_KEYS[key].safeParse(value);
    if (result.success) state[key] = result.data;
    else unreadable.push(key);
  }
  return { state: state as EngineState, unreadable };
}

/** The engine's keys of `props`, as {@link readCheckedState} reads them. */
export function readState(props: Props | undefined): EngineState {
  return readCheckedState(props).state;
}

/**
 * The keys held in `props`' {@link BOOKKEEPING_KEY}: undefined when it has none, `"unreadable"` when it holds
 * something other than the JSON text of an object.
 */
function bookkeepingOf(props: Props | undefined): Props | undefined | "unreadable" {
  const text = props?.[BOOKKEEPING_KEY];
  if (text === undefined || text === null) return undefined;
  if (typeof text !== "string") return "unreadable";
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Props)
      : "unreadable";
  } catch {
    return "unreadable";
  }
}

/**
 * Writes the set keys of `state` into `outputs`, as {@link readState} reads them back: the bookkeeping keys merged
 * into {@link BOOKKEEPING_KEY} (in a fixed order, so an unchanged state writes the same text), the others as outputs.
 */
export function writeState(outputs: Props, state: EngineState): Props {
  const kept = bookkeepingOf(outputs);
  const bookkeeping: Props = kept === "unreadable" ? {} : { ...kept };
  for (const key of STATE_KEY_NAMES) {
    if (state[key] === undefined) continue;
    if (BOOKKEEPING_KEYS.has(key)) bookkeeping[key] = state[key];
    else outputs[key] = state[key];
  }
  const ordered = STATE_KEY_NAMES.filter((key) => bookkeeping[key] !== undefined).map((key) => [
    key,
    bookkeeping[key],
  ]);
  if (ordered.length > 0) outputs[BOOKKEEPING_KEY] = JSON.stringify(Object.fromEntries(ordered));
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
