import type { Ownership } from "../../provider/service/codecSupport";

/**
 * The hidden input that carries a resource's ownership (its workspace and URN) from the program, which computes it,
 * to the dynamic provider's process, which never learns the URN. Pulumi shows no property whose name starts with
 * `__`, so it stays out of every diff.
 */
export const OWNERSHIP_INPUT = "__ownership";

/** The ownership an `__ownership` input holds, when it holds one of that shape. */
export function ownershipInput(value: unknown): Ownership | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { workspace, resourceAddress } = value as Record<string, unknown>;
  return typeof workspace === "string" && typeof resourceAddress === "string"
    ? { workspace, resourceAddress }
    : undefined;
}
