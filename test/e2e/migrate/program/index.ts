import * as pulumi from "@pulumi/pulumi";
import { App, RequestCatalog } from "pulumi-idgov";

/** `dynamic` (the classes of pulumi-idgov) or `native` (the types of pulumi-resource-idgov). */
const door = new pulumi.Config("migrate").get("door") ?? "dynamic";

/** A resource of the native provider by its token, without a generated SDK. */
class Native extends pulumi.CustomResource {
  constructor(
    kind: string,
    name: string,
    args: Record<string, unknown>,
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(`idgov:index:${kind}`, name, args, opts);
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
    : new Native("App", "portal", portalArgs, { aliases: [{ type: "pulumi-nodejs:dynamic/idgov:App" }] });

const kitArgs = { displayName: "Starter kit", published: true, visibleToEveryone: true };
const kit =
  door === "dynamic"
    ? new RequestCatalog("kit", kitArgs)
    : new Native("RequestCatalog", "kit", kitArgs, {
        aliases: [{ type: "pulumi-nodejs:dynamic/idgov:RequestCatalog" }],
      });

export const portalId = portal.id;
export const kitId = kit.id;
