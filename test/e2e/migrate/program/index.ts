import * as pulumi from "@pulumi/pulumi";
import { App, RequestCatalog, type AppOutputs, type RequestCatalogOutputs } from "pulumi-idgov";

/** `dynamic` (the classes of pulumi-idgov) or `native` (the types of pulumi-resource-idgov). */
const door = new pulumi.Config("migrate").get("door") ?? "dynamic";

/** Every output of a kind, as docs/guides/native-provider.md declares them: one left out would read as undefined. */
const outputsOf = (names: string[]) => Object.fromEntries(names.map((name) => [name, undefined]));
const appOutputs = outputsOf(
  Object.keys({
    displayName: 0,
    description: 0,
    instructions: 0,
    iconUrl: 0,
    annotations: 0,
    appUserMapper: 0,
    certifyPolicyId: 0,
    grantPolicyId: 0,
    revokePolicyId: 0,
    defaultRequestCatalogId: 0,
    connectorVersion: 0,
    enableConnectorSourcedOwnership: 0,
    isManuallyManaged: 0,
    revokeGrantSources: 0,
    strictAccessEntitlementProvisioning: 0,
    matchConnectorRef: 0,
    monthlyCostUsd: 0,
    accessModel: 0,
    identityMatching: 0,
    owners: 0,
    appEntitlementOwnerRefs: 0,
    logoUri: 0,
    appAccountId: 0,
    appAccountName: 0,
    parentAppId: 0,
    fieldMask: 0,
    appOwners: 0,
    isDirectory: 0,
    userCount: 0,
    createdAt: 0,
    updatedAt: 0,
  } satisfies Record<keyof AppOutputs, 0>),
);
const catalogOutputs = outputsOf(
  Object.keys({
    annotations: 0,
    displayName: 0,
    description: 0,
    published: 0,
    requestBundle: 0,
    visibleToEveryone: 0,
    enrollmentBehavior: 0,
    unenrollmentBehavior: 0,
    unenrollmentEntitlementBehavior: 0,
    accessEntitlements: 0,
    createdByUserId: 0,
    createdAt: 0,
    updatedAt: 0,
    accessEntitlementsPath: 0,
    createdByUserPath: 0,
    memberCount: 0,
  } satisfies Record<keyof RequestCatalogOutputs, 0>),
);

/** A resource of the native provider by its token, without a generated SDK, declaring the kind's outputs. */
class Native extends pulumi.CustomResource {
  declare readonly createdAt: pulumi.Output<string>;

  constructor(
    kind: string,
    name: string,
    args: Record<string, unknown>,
    outputs: Record<string, undefined>,
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(`idgov:index:${kind}`, name, { ...outputs, ...args }, opts);
  }
}

const portalArgs = {
  displayName: "Portal",
  description: "Kept through the move",
  annotations: { team: "iam" },
};
const portal =
  door === "dynamic"
    ? new App("portal", portalArgs)
    : new Native("App", "portal", portalArgs, appOutputs, {
        aliases: [{ type: "pulumi-nodejs:dynamic/idgov:App" }],
      });

const kitArgs = { displayName: "Starter kit", published: true, visibleToEveryone: true };
const kit =
  door === "dynamic"
    ? new RequestCatalog("kit", kitArgs)
    : new Native("RequestCatalog", "kit", kitArgs, catalogOutputs, {
        aliases: [{ type: "pulumi-nodejs:dynamic/idgov:RequestCatalog" }],
      });

export const portalId = portal.id;
export const kitId = kit.id;
// Outputs the service fills in: after the move they must still be there (a test compares every stack output).
export const portalCreatedAt = portal.createdAt;
export const kitCreatedAt = kit.createdAt;
