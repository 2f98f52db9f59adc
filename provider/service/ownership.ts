import { StatusError } from "./statusError";
import type { Ownership } from "../engine";

/**
 * Where a resource lives, from its URN (`urn:pulumi:<stack>::<project>::<type>::<name>`): the workspace
 * `<org>/<project>/<stack>` and the URN itself, which the dynamic door computes in the program for the same stack
 * and name (its type token aside).
 */
export function ownershipFromUrn(urn: string, organization: string): Ownership {
  const match = /^urn:pulumi:(.+?)::(.+?)::/.exec(urn);
  if (!match) throw new StatusError(`not a Pulumi URN: ${JSON.stringify(urn)}`, "INVALID_ARGUMENT");
  const [, stack, project] = match;
  return { workspace: `${organization}/${project}/${stack}`, resourceAddress: urn };
}

/**
 * The organization of the stack. The engine names none to its provider plugins (Pulumi v3.248 sets `PULUMI_PROJECT`
 * and `PULUMI_CONFIG` in their environment, no organization or stack), so it is `PULUMI_ORGANIZATION` when the
 * pipeline sets it, else `organization`: the name the Pulumi CLI gives every stack of a self-managed backend, as the
 * dynamic door falls back to.
 */
export function organizationName(env: NodeJS.ProcessEnv = process.env): string {
  return env.PULUMI_ORGANIZATION || "organization";
}
