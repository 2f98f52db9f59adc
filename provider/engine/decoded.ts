import type { Ownership } from "./ownership";
import { type EngineState, OWNERSHIP_KEY, type Props, readCheckedState } from "./stateCodec";

/**
 * A resource's inputs or state, decoded once at the service's edge: the props as given, the engine's keys of them
 * parsed ({@link readCheckedState}), and where the resource lives. Every engine operation reads these, never the props'
 * engine keys again.
 */
export interface DecodedProps {
  readonly props: Props;
  readonly state: EngineState;
  /**
   * The workspace and address the resource's objects are stamped with: the one the door gives, else the one the
   * props carry (`__ownership` from the dynamic door's program, or the ownership a state recorded; states written
   * before 0.2 keep it under `ownership`).
   */
  readonly ownership: Ownership | undefined;
  /** The engine's keys the props hold in a shape this version cannot read (see {@link readCheckedState}). */
  readonly unreadable?: readonly string[];
}

/** Decodes `props` once; `ownership`, when the door gives one, is the resource's, whatever the props carry. */
export function decodeProps(props: Props | undefined, ownership?: Ownership): DecodedProps {
  const { state, unreadable } = readCheckedState(props);
  return {
    props: props ?? {},
    state,
    ownership: ownership ?? state[OWNERSHIP_KEY] ?? state.ownership,
    ...(unreadable.length > 0 ? { unreadable } : {}),
  };
}
