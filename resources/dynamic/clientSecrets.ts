import * as pulumi from "@pulumi/pulumi";

/** The provider members of an auth config that carry an OIDC client secret (spec 2.3). */
const MEMBERS_WITH_SECRET = [
  "providerDomainA",
  "providerDomainB",
  "providerClient",
  "providerEnvironment",
  "oidc",
] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  return !pulumi.Output.isInstance(value) && typeof (value as { then?: unknown }).then !== "function";
}

/**
 * The args with every `oidcClientSecret` registered as a secret, whether or not the program marked it one, so the
 * engine encrypts it in the inputs it stores. A member given as a whole Output or promise becomes a secret whole.
 */
export function secretClientSecrets<Args extends object>(args: Args): Args {
  const result: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  for (const member of MEMBERS_WITH_SECRET) {
    const value = result[member];
    if (value === undefined || value === null) continue;
    if (!isPlainObject(value)) {
      result[member] = pulumi.secret(value);
    } else if (value.oidcClientSecret !== undefined) {
      result[member] = { ...value, oidcClientSecret: pulumi.secret(value.oidcClientSecret) };
    }
  }
  return result as Args;
}
