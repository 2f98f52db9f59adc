import * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../provider/client/paths";
import {
  type Answered,
  type Assert,
  type SameNames,
  type Comparisons,
  entityApi,
  listOf,
  message,
  outputNames,
  type ResourceKind,
  scalar,
} from "../provider/engine";
import {
  APP_CREATE_FIELDS,
  appCreateOnlyShape,
  appResponseShape,
  appSchema,
  appWritableSchema,
  appWritableShape,
} from "../provider/schemas";
import type { AppArgs, AppOutputs, Outputs } from "./types";
import { adoptionInputs, requiredUnlessAdopting } from "./dynamic/controls";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { AppArgs };

type Writable = typeof appWritableShape & typeof appCreateOnlyShape;
type AppFieldsAnswered = Assert<Answered<typeof appWritableShape, typeof appResponseShape>>;

/** The fields of an app a program manages (spec 2.6), and how each compares. */
const appFields = {
  displayName: scalar,
  description: scalar,
  instructions: scalar,
  iconUrl: scalar,
  appUserMapper: message({ mappingCases: listOf({ appUserKeyCel: scalar, userKeyCel: scalar }) }),
  certifyPolicyId: scalar,
  grantPolicyId: scalar,
  revokePolicyId: scalar,
  defaultRequestCatalogId: scalar,
  connectorVersion: scalar,
  enableConnectorSourcedOwnership: scalar,
  isManuallyManaged: scalar,
  revokeGrantSources: scalar,
  strictAccessEntitlementProvisioning: scalar,
  matchConnectorRef: message({ appId: scalar, connectorId: scalar, externalId: scalar }),
  monthlyCostUsd: scalar,
  accessModel: scalar,
  identityMatching: scalar,
  owners: { type: "set", createOnly: true } as const,
  appEntitlementOwnerRefs: { type: "set", createOnly: true, fields: { appId: scalar, id: scalar } } as const,
} satisfies Comparisons<Writable>;

/** @internal */
export const appKind: ResourceKind = {
  name: "App",
  annotations: true,
  fields: appFields,
  inputSchema: appWritableSchema
    .extend({ ...appCreateOnlyShape, ...adoptionInputs })
    .superRefine(requiredUnlessAdopting("displayName")),
  api: entityApi({
    collection: () => "/api/v1/apps",
    // Reference 4: what a create takes; the engine sends the other fields in one masked update after it.
    createFields: APP_CREATE_FIELDS,
    item: (id) => apiPath`/api/v1/apps/${id}`,
    entityKey: "app",
    unwrap: (answer) => answer.app as Record<string, unknown> | undefined,
    schema: appSchema,
    list: { path: () => "/api/v1/apps", itemsKey: "list", asAnswer: (item) => ({ app: item }) },
  }),
};

/** @internal */
export const appOutputs = outputNames(appFields, appResponseShape);
type AppOutputsTyped = Assert<SameNames<(typeof appOutputs)[number], keyof AppOutputs>>;

// Its outputs, derived from its shapes: `AppOutputs` in resources/types.ts.
export interface App extends Outputs<AppOutputs> {}

/** An app of the tenant (spec 2.6). */
export class App extends IdgovResource {
  constructor(name: string, args: AppArgs, opts?: pulumi.CustomResourceOptions) {
    super("App", name, args, appOutputs, opts);
  }
}
