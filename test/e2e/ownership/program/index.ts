import * as pulumi from "@pulumi/pulumi";
import { App, AuthConfig, RequestCatalog } from "pulumi-idgov";

/**
 * The seeded app `app-aws`, adopted by whichever stack runs this; `owner:allowTakeover` lets it take it over.
 * `owner:name` renames the resource (default `aws`), and `owner:formerName` adds the alias that keeps it the same one.
 * `owner:oidcSecret` adds an auth config with that client secret, `owner:entitlements` a catalog bundling them.
 */
const config = new pulumi.Config("owner");
const formerName = config.get("formerName");
const aws = new App(
  config.get("name") ?? "aws",
  {
    adoptId: "app-aws",
    description: config.require("description"),
    allowTakeover: config.getBoolean("allowTakeover") ?? false,
  },
  formerName === undefined ? {} : { aliases: [{ name: formerName }] },
);

const oidcClientSecret = config.getSecret("oidcSecret");
if (oidcClientSecret !== undefined) {
  new AuthConfig("sso", {
    displayName: "Acme SSO",
    oidc: { issuerId: "https://login.acme.example.com", oidcClientId: "idgov", oidcClientSecret },
  });
}

const accessEntitlements = config.getObject<{ appId: string; id: string }[]>("entitlements");
if (accessEntitlements !== undefined) {
  new RequestCatalog("starter-kit", { displayName: "Starter kit", accessEntitlements });
}

export const appId = aws.id;
