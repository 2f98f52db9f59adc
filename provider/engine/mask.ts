import { getPath, setPath } from "./paths";

/** The body of a masked update: the entity holding the changed fields, and the mask naming them. */
export interface MaskedPatch {
  readonly entity: Record<string, unknown>;
  readonly mask: readonly string[];
}

/**
 * Builds the smallest masked update for the changed paths: each changed field is sent with the program's value, and
 * a field the program stopped setting is named in the mask but left out of the entity, which clears it.
 */
export function buildMaskedPatch(
  desired: Record<string, unknown>,
  changedPaths: readonly string[],
): MaskedPatch {
  const entity: Record<string, unknown> = {};
  for (const path of changedPaths) {
    const value = getPath(desired, path);
    if (value !== undefined && value !== null) setPath(entity, path, value);
  }
  return { entity, mask: [...changedPaths] };
}

/** The wire form of an update mask: lowerCamelCase paths joined by commas. */
export function maskToWire(mask: readonly string[]): string {
  return mask.join(",");
}
