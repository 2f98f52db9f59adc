import * as idgov from "@pulumi-idgov/idgov";

/** An app of the tenant, with its owner team's annotation, through the native provider's generated SDK. */
const portal = new idgov.App("portal", {
  displayName: "Portal (TypeScript)",
  description: "Managed from TypeScript through pulumi-resource-idgov",
  annotations: { team: "iam" },
});

export const portalId = portal.id;
