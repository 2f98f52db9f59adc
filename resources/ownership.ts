import * as pulumi from "@pulumi/pulumi";

/** The type token of a kind: `pulumi-nodejs:dynamic/idgov:App`. */
export function typeToken(kind: string): string {
  return `pulumi-nodejs:dynamic/idgov:${kind}`;
}

/**
 * Where a resource lives, stamped as `iac_workspace` and `iac_resource_address`: the URN is computed here, in the
 * program, because the provider never learns it. Without a parent it is plain text (as `pulumi.createUrn` makes it),
 * so a program of N resources makes no Output and no apply for it; under a parent it waits for the parent's URN.
 */
export function ownershipOf(
  kind: string,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.Input<{ workspace: string; resourceAddress: string }> {
  const workspace = `${pulumi.getOrganization()}/${pulumi.getProject()}/${pulumi.getStack()}`;
  if (opts?.parent === undefined) {
    const resourceAddress = `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::${typeToken(kind)}::${name}`;
    return { workspace, resourceAddress };
  }
  const resourceAddress = pulumi.createUrn(name, typeToken(kind), opts.parent);
  return pulumi.output(resourceAddress).apply((address) => ({ workspace, resourceAddress: address }));
}
