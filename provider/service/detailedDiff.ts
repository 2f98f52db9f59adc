import { getPath } from "../engine";
import type { Props } from "../engine";

/** How one property differs, as the engine's `PropertyDiff.Kind` names it. */
export type PropertyDiffKind = "add" | "delete" | "update";

/** One entry of a detailed diff: the property path, how it differs, and whether the change replaces. */
export interface PropertyDiffEntry {
  readonly path: string;
  readonly kind: PropertyDiffKind;
  readonly replace: boolean;
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * The detailed diff of the changed input paths: added when the old inputs lacked the property, deleted when the new
 * ones lack it, updated otherwise; a path whose top-level field forces a replace replaces.
 */
export function detailedDiff(
  changedPaths: readonly string[],
  replaces: readonly string[],
  oldInputs: Props,
  newInputs: Props,
): PropertyDiffEntry[] {
  return [...new Set([...changedPaths, ...replaces])].map((path) => {
    const before = isSet(getPath(oldInputs, path));
    const after = isSet(getPath(newInputs, path));
    const kind: PropertyDiffKind = !before && after ? "add" : before && !after ? "delete" : "update";
    const top = path.split(".")[0] as string;
    return { path, kind, replace: replaces.includes(top) };
  });
}
