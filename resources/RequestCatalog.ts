import * as pulumi from "@pulumi/pulumi";
import {
  type Answered,
  type ApiClient,
  type Assert,
  type SameNames,
  type Comparisons,
  entityApi,
  outputNames,
  type ResourceKind,
  scalar,
  setOf,
} from "../provider/engine";
import { apiPath } from "../provider/client/paths";
import {
  catalogBindingsShape,
  catalogResponseShape,
  catalogViewExtrasShape,
  catalogWritableShape,
  requestCatalogSchema,
  requestCatalogWritableSchema,
} from "../provider/schemas";
import { adoptionInputs, requiredUnlessAdopting } from "./dynamic/controls";
import type { RequestCatalogArgs, RequestCatalogOutputs, Outputs } from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { RequestCatalogArgs };

type CatalogFieldsAnswered = Assert<Answered<typeof catalogWritableShape, typeof catalogResponseShape>>;

type Json = Record<string, unknown>;

/** An entitlement bundled in a catalog, named by its app and id. */
export interface EntitlementRef {
  appId: string;
  id: string;
}

const entitlementRefs = setOf({ appId: scalar, id: scalar });

function refKey(ref: EntitlementRef): string {
  return `${ref.appId}/${ref.id}`;
}

/** Only the difference is sent: one add for the new entitlements, one remove for the dropped ones. */
async function applyBindings(client: ApiClient, id: string, desired: unknown, live: unknown): Promise<void> {
  const wanted = (desired as EntitlementRef[] | undefined) ?? [];
  const current = (live as EntitlementRef[] | undefined) ?? [];
  const currentKeys = new Set(current.map(refKey));
  const wantedKeys = new Set(wanted.map(refKey));
  const add = wanted.filter((ref) => !currentKeys.has(refKey(ref)));
  const remove = current.filter((ref) => !wantedKeys.has(refKey(ref)));
  const path = apiPath`/api/v1/catalogs/${id}/visibility_bindings`;
  const body = (refs: EntitlementRef[]) => ({
    accessEntitlements: refs.map(({ appId, id }) => ({ appId, id })),
  });
  if (add.length > 0) await client.request({ method: "POST", path, body: body(add), idempotent: true });
  if (remove.length > 0) await client.request({ method: "DELETE", path, body: body(remove) });
}

function viewExtras(answer: Json): Json {
  const view = (answer.requestCatalogView ?? {}) as Json;
  const catalog = (view.requestCatalog ?? {}) as Json;
  const entitlements = (catalog.accessEntitlements as Json[] | undefined) ?? [];
  return {
    accessEntitlements: entitlements.map((entitlement) => ({ appId: entitlement.appId, id: entitlement.id })),
    memberCount: view.memberCount,
    accessEntitlementsPath: view.accessEntitlementsPath,
    createdByUserPath: view.createdByUserPath,
  };
}

const catalogFields = {
  displayName: scalar,
  description: scalar,
  published: scalar,
  requestBundle: scalar,
  visibleToEveryone: scalar,
  enrollmentBehavior: scalar,
  unenrollmentBehavior: scalar,
  unenrollmentEntitlementBehavior: scalar,
} satisfies Comparisons<typeof catalogWritableShape>;

/** @internal */
export const requestCatalogKind: ResourceKind = {
  name: "RequestCatalog",
  annotations: true,
  fields: catalogFields,
  sideFields: { accessEntitlements: { spec: entitlementRefs, apply: applyBindings } },
  inputSchema: requestCatalogWritableSchema
    .extend({ ...adoptionInputs, ...catalogBindingsShape })
    .superRefine(requiredUnlessAdopting("displayName")),
  api: entityApi({
    collection: () => "/api/v1/catalogs",
    item: (id) => apiPath`/api/v1/catalogs/${id}`,
    entityKey: "catalog",
    unwrap: (answer) => (answer.requestCatalogView as Json | undefined)?.requestCatalog as Json | undefined,
    schema: requestCatalogSchema,
    extras: viewExtras,
    list: {
      path: () => "/api/v1/catalogs",
      itemsKey: "list",
      asAnswer: (item) => ({ requestCatalogView: item }),
    },
  }),
};

/** @internal */
export const catalogOutputs = outputNames(
  { ...catalogFields, ...catalogBindingsShape },
  { ...catalogResponseShape, ...catalogViewExtrasShape },
);
type RequestCatalogOutputsTyped = Assert<
  SameNames<(typeof catalogOutputs)[number], keyof RequestCatalogOutputs>
>;

// Its outputs, derived from its shapes: `RequestCatalogOutputs` in resources/types.ts.
export interface RequestCatalog extends Outputs<RequestCatalogOutputs> {}

/** A request catalog (spec 2.4): a bundle of entitlements users can request. */
export class RequestCatalog extends IdgovResource {
  constructor(name: string, args: RequestCatalogArgs, opts?: pulumi.CustomResourceOptions) {
    super("RequestCatalog", name, args, catalogOutputs, opts);
  }
}
