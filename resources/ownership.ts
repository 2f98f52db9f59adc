import * as pulumi from "@pulumi/pulumi";

/** The type token of a kind: `pulumi-nodejs:dynamic/idgov:App`. */
export function typeToken(kind: string): string {
  return `pulumi-nodejs:dynamic/idgov:${kind}`;
}

/**
 * Where a resource lives, stamped as `iac_workspace` and `iac_resource_address`: the URN is computed here, in the
 * program, because the provider never learns it.
 */
export function ownershipOf(
  kind: string,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.Input<{ workspace: string; resourceAddress: string }> {
  const workspace = `${pulumi.getOrganization()}/${pulumi.getProject()}/${pulumi.getStack()}`;
  const resourceAddress = pulumi.createUrn(name, typeToken(kind), opts?.parent);
  return pulumi.output(resourceAddress).apply((address) => ({ workspace, resourceAddress: address }));
}
