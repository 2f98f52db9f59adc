import * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../provider/client/paths";
import {
  type Answered,
  type Assert,
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
import type { App as AppShape, AppArgs, User } from "./types";
import { adoptionInputs, dynamicArgs, requiredUnlessAdopting, resourceProps } from "./dynamic/controls";
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

const appOutputs = outputNames(appFields, appResponseShape);

/** An app of the tenant (spec 2.6). */
export class App extends IdgovResource {
  declare readonly displayName: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly instructions: pulumi.Output<string | undefined>;
  declare readonly iconUrl: pulumi.Output<string | undefined>;
  /** Every annotation of the app, the stamped ownership keys included. */
  declare readonly annotations: pulumi.Output<Record<string, string>>;
  declare readonly appUserMapper: pulumi.Output<AppShape["appUserMapper"]>;
  declare readonly certifyPolicyId: pulumi.Output<string | undefined>;
  declare readonly grantPolicyId: pulumi.Output<string | undefined>;
  declare readonly revokePolicyId: pulumi.Output<string | undefined>;
  declare readonly defaultRequestCatalogId: pulumi.Output<string | undefined>;
  declare readonly connectorVersion: pulumi.Output<number | undefined>;
  declare readonly enableConnectorSourcedOwnership: pulumi.Output<boolean | undefined>;
  declare readonly isManuallyManaged: pulumi.Output<boolean | undefined>;
  declare readonly revokeGrantSources: pulumi.Output<boolean | undefined>;
  declare readonly strictAccessEntitlementProvisioning: pulumi.Output<boolean | undefined>;
  declare readonly matchConnectorRef: pulumi.Output<AppShape["matchConnectorRef"]>;
  declare readonly monthlyCostUsd: pulumi.Output<number | undefined>;
  declare readonly logoUri: pulumi.Output<string | undefined>;
  declare readonly appAccountId: pulumi.Output<string | undefined>;
  declare readonly appAccountName: pulumi.Output<string | undefined>;
  declare readonly parentAppId: pulumi.Output<string | undefined>;
  declare readonly fieldMask: pulumi.Output<string | undefined>;
  declare readonly accessModel: pulumi.Output<string | undefined>;
  declare readonly identityMatching: pulumi.Output<string | undefined>;
  declare readonly appOwners: pulumi.Output<User[] | undefined>;
  declare readonly isDirectory: pulumi.Output<boolean | undefined>;
  /** How many users the app has: an int64 as a string of digits. */
  declare readonly userCount: pulumi.Output<string | undefined>;
  declare readonly createdAt: pulumi.Output<string | undefined>;
  declare readonly updatedAt: pulumi.Output<string | undefined>;

  constructor(name: string, args: AppArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = dynamicArgs("App");
    super(
      kind.provider,
      name,
      resourceProps("App", name, args, appOutputs, opts),
      opts,
      kind.module,
      kind.type,
    );
  }
}
