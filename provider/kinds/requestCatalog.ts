import type { KindExample } from "./example";
import {
  type Answered,
  type ApiClient,
  type Assert,
  type Comparisons,
  entityApi,
  outputNames,
  scalar,
  setOf,
} from "../engine";
import { apiPath } from "../client/paths";
import {
  type Json,
  catalogBindingsShape,
  catalogResponseShape,
  catalogViewExtrasShape,
  catalogWritableShape,
  impactAcceptanceShape,
  requestCatalogSchema,
  requestCatalogWritableSchema,
} from "../schemas";
import { adoptionInputs } from "./controls";
import { declareKind } from "./declaration";

type CatalogFieldsAnswered = Assert<Answered<typeof catalogWritableShape, typeof catalogResponseShape>>;

/** An entitlement bundled in a catalog, named by its app and id (the public `EntitlementRef`). */
interface EntitlementRef {
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

/** The outputs of a catalog: `RequestCatalogOutputs` in resources/types.ts. */
export const catalogOutputs = outputNames(
  { ...catalogFields, ...catalogBindingsShape },
  { ...catalogResponseShape, ...catalogViewExtrasShape },
);

/** The example on the kind's reference pages (`scripts/docs`), against the emulator's seeded tenant. */
const example: KindExample = {
  typescript: `import { RequestCatalog } from "pulumi-idgov";

const starterKit = new RequestCatalog("engineering-starter-kit", {
  displayName: "Engineering starter kit",
  published: true,
  visibleToEveryone: true,
  accessEntitlements: [
    { appId: "app-github", id: "ent-github-org-member" },
    { appId: "app-aws", id: "ent-aws-readonly" },
  ],
});

export const memberCount = starterKit.memberCount;`,
  program: {
    variable: "starterKit",
    inputs: {
      displayName: "Engineering starter kit",
      published: true,
      visibleToEveryone: true,
      accessEntitlements: [
        { appId: "app-github", id: "ent-github-org-member" },
        { appId: "app-aws", id: "ent-aws-readonly" },
      ],
    },
    exports: { memberCount: "memberCount" },
  },
};

export const requestCatalogKind = declareKind({
  name: "RequestCatalog",
  example,
  description: "A request catalog (spec 2.4): a bundle of entitlements users can request.",
  annotations: true,
  listing: "list",
  // A catalog belongs to the apps of the entitlements it bundles.
  appsOf: (_id, fields) =>
    ((fields.accessEntitlements ?? []) as { appId?: string }[]).flatMap((ref) =>
      ref.appId === undefined ? [] : [ref.appId],
    ),
  fields: catalogFields,
  sideFields: { accessEntitlements: { spec: entitlementRefs, apply: applyBindings } },
  inputs: requestCatalogWritableSchema.extend({
    ...adoptionInputs,
    ...catalogBindingsShape,
    ...impactAcceptanceShape,
  }),
  requiredUnlessAdopting: ["displayName"],
  outputs: catalogOutputs,
  outputShape: { ...catalogResponseShape, ...catalogViewExtrasShape, ...catalogBindingsShape },
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
});
