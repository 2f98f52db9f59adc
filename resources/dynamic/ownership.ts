import * as pulumi from "@pulumi/pulumi";
import { typeTokenOf } from "../../provider/kinds/tokens";

/** The type token of a kind: `pulumi-nodejs:dynamic/idgov:App`. */
export function typeToken(kind: string): string {
  return typeTokenOf(kind, "dynamic");
}

/**
 * The organization the engine names, or `organization` (the name the Pulumi CLI gives every stack of a self-managed
 * backend) when it names none: `pulumi.runtime.setMocks(mocks)` without its fifth argument leaves it unset, and
 * `pulumi.getOrganization()` throws then.
 */
export function organizationName(): string {
  try {
    return pulumi.getOrganization();
  } catch {
    return "organization";
  }
}

/**
 * Where a resource lives, stamped as `iac_workspace` and `iac_resource_address`: the URN is computed here, in the
 * program, because the provider never learns it. The organization, project and stack are the engine's (under
 * Pulumi's mocks, the ones given to `setMocks`). Without a parent the URN is plain text (as `pulumi.createUrn` makes
 * it), so a program of N resources makes no Output and no apply for it; under a parent it waits for the parent's URN.
 */
export function ownershipOf(
  kind: string,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.Input<{ workspace: string; resourceAddress: string }> {
  const workspace = `${organizationName()}/${pulumi.getProject()}/${pulumi.getStack()}`;
  if (opts?.parent === undefined) {
    const resourceAddress = `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::${typeToken(kind)}::${name}`;
    return { workspace, resourceAddress };
  }
  // The parent's URN as a plain promise: an Output of it would make the child depend on the parent, and depending on a
  // component waits for all its children, so two siblings would each wait for the other forever.
  const urn = pulumi.createUrn(name, typeToken(kind), opts.parent);
  const resourceAddress = new Promise<string>((resolve) => urn.apply(resolve));
  return pulumi.output(resourceAddress).apply((address) => ({ workspace, resourceAddress: address }));
}
