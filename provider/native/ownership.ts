import type { Ownership } from "../engine";

/**
 * Where a resource lives, from its URN (`urn:pulumi:<stack>::<project>::<type>::<name>`): the workspace
 * `<org>/<project>/<stack>` and the URN itself, which the dynamic door computes in the program for the same stack
 * and name (its type token aside).
 */
export function ownershipFromUrn(urn: string, organization: string): Ownership {
  const match = /^urn:pulumi:(.+?)::(.+?)::/.exec(urn);
  if (!match) throw new Error(`not a Pulumi URN: ${JSON.stringify(urn)}`);
  const [, stack, project] = match;
  return { workspace: `${organization}/${project}/${stack}`, resourceAddress: urn };
}

/**
 * The organization of the stack: the one the engine names to its plugins, or `organization` (the name the Pulumi
 * CLI gives every stack of a self-managed backend), as the dynamic door falls back to.
 */
export function organizationName(env: NodeJS.ProcessEnv = process.env): string {
  return env.PULUMI_ORGANIZATION || "organization";
}
