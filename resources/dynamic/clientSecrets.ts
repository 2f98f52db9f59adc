import * as pulumi from "@pulumi/pulumi";
import type { KindDeclaration } from "../../provider/kinds";
import { writeOnlyPaths } from "../../provider/service/codecSupport";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  return !pulumi.Output.isInstance(value) && typeof (value as { then?: unknown }).then !== "function";
}

/**
 * The args with every write-only value of the kind (its fields table's `writeOnlySecret` members: an auth config's
 * `oidcClientSecret`s) registered as a secret, whether or not the program marked it one, so the engine encrypts it
 * in the inputs it stores. A member given as a whole Output or promise becomes a secret whole.
 */
export function secretWriteOnly<Args extends object>(kind: KindDeclaration, args: Args): Args {
  const result: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  for (const path of writeOnlyPaths(kind.fields)) {
    const [member, field] = path.split(".") as [string, string | undefined];
    const value = result[member];
    if (value === undefined || value === null) continue;
    if (field === undefined || !isPlainObject(value)) {
      result[member] = pulumi.secret(value);
    } else if (value[field] !== undefined) {
      result[member] = { ...value, [field]: pulumi.secret(value[field]) };
    }
  }
  return result as Args;
}
