import type * as pulumi from "@pulumi/pulumi";
import type { Assert, SameNames } from "../provider/kinds";
import { requestCatalogKind, type catalogOutputs } from "../provider/kinds/requestCatalog";
import type { RequestCatalogArgs, RequestCatalogOutputs, Outputs } from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { RequestCatalogArgs };

/** An entitlement bundled in a catalog, named by its app and id. */
export interface EntitlementRef {
  appId: string;
  id: string;
}

type RequestCatalogOutputsTyped = Assert<
  SameNames<(typeof catalogOutputs)[number], keyof RequestCatalogOutputs>
>;

// Its outputs, derived from its shapes: `RequestCatalogOutputs` in resources/types.ts.
export interface RequestCatalog extends Outputs<RequestCatalogOutputs> {}

/** A request catalog (spec 2.4): a bundle of entitlements users can request. */
export class RequestCatalog extends IdgovResource {
  constructor(name: string, args: RequestCatalogArgs, opts?: pulumi.CustomResourceOptions) {
    super(requestCatalogKind, name, args, opts);
  }
}
