import { isDeepStrictEqual } from "node:util";
import { annotationValue, type Ownership, ownershipAnnotations, ownershipIn } from "../engine";
import { annotationsOf } from "../engine/stateCodec";
import type { KindDeclaration } from "../kinds";
import type { PropertyDiffEntry } from "./detailedDiff";
import type { Props } from "./values";

/** The stamps a write claims the object with; the tool version rides along with a write but never causes one. */
const CLAIMED_STAMPS = ["managed_by", "iac_workspace", "iac_resource_address"] as const;

/**
 * Whether a state is one `pulumi import` (or the `import` resource option) recorded and no write has stamped yet: it
 * carries no ownership, which every create, adoption and write of this provider records.
 */
export function awaitsImportStamps(kind: KindDeclaration, olds: Props): boolean {
  return kind.annotations === true && ownershipIn(olds) === undefined;
}

/**
 * The detailed diff of the first write after an import: one entry per ownership stamp the live object lacks
 * (`annotations.managed_by` added) or holds another value for (updated), in place of the whole `annotations` entry
 * unless the program's own annotations changed too. The other entries stay as they are.
 */
export function importStampEntries(
  entries: readonly PropertyDiffEntry[],
  olds: Props,
  oldInputs: Props,
  news: Props,
  ownership: Ownership,
): PropertyDiffEntry[] {
  if (!entries.some((entry) => entry.path === "annotations")) return [...entries];
  const live = annotationsOf(olds);
  const wanted = ownershipAnnotations(ownership, "");
  const stamps = CLAIMED_STAMPS.filter((key) => annotationValue(live, key) !== wanted[key]).map(
    (key): PropertyDiffEntry => ({
      path: `annotations.${key}`,
      kind: annotationValue(live, key) === undefined ? "add" : "update",
      replace: false,
    }),
  );
  const ownChanged = !isDeepStrictEqual(annotationsOf(oldInputs) ?? {}, annotationsOf(news) ?? {});
  const kept = entries.filter((entry) => entry.path !== "annotations" || ownChanged);
  return [...kept, ...stamps];
}
