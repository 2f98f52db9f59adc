import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config("native");

/** An app of the tenant through the native provider, without its generated SDK: the token and the inputs. */
class App extends pulumi.CustomResource {
  constructor(
    name: string,
    args: Record<string, pulumi.Input<unknown>>,
    opts?: pulumi.CustomResourceOptions,
  ) {
    super("idgov:index:App", name, args, opts);
  }
}

/** An explicit provider of package idgov: one tenant's address and credentials. */
class IdgovProvider extends pulumi.ProviderResource {
  constructor(name: string, args: Record<string, pulumi.Input<string>>) {
    super("idgov", name, args);
  }
}

// Tenant A through the default provider (stack config idgov:*); tenant B through an explicit provider of its own.
const tenantB = new IdgovProvider("tenant-b", {
  baseUrl: config.require("tenantBUrl"),
  clientId: config.require("tenantBClientId"),
  clientSecret: config.requireSecret("tenantBClientSecret"),
});

const portal = new App("portal", {
  displayName: "Portal",
  description: "Managed through pulumi-resource-idgov",
  annotations: { team: "iam" },
});

const portalB = new App("portal-b", { displayName: "Portal B" }, { provider: tenantB });

export const portalId = portal.id;
export const portalBId = portalB.id;
