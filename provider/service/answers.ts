import type { Props, ReadResult } from "../engine";
import type { PropertyDiffEntry } from "./detailedDiff";

/** Properties, and the paths of them that go back to the engine as secrets. */
export interface SecretProps {
  readonly props: Props;
  readonly secretKeys: ReadonlySet<string>;
}

/** A diff: the engine's answer, and each changed property. */
export interface ServiceDiff {
  readonly changes: boolean;
  readonly replaces: readonly string[];
  readonly deleteBeforeReplace: boolean;
  readonly entries: readonly PropertyDiffEntry[];
}

/**
 * What read answers: the id (empty when the object is gone), the outputs, the inputs when they differ, and the owner
 * the live object's stamps name when another workspace or tool claimed it.
 */
export interface ReadAnswer extends ReadResult {
  readonly secretKeys: ReadonlySet<string>;
}

/** Sends a warning to the engine, shown beside the resource the URN names. */
export type Warn = (urn: string, message: string) => void;
