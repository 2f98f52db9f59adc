import type { KindExample } from "./example";
import { apiPath } from "../client/paths";
import {
  type Answered,
  type Assert,
  type Comparisons,
  entityApi,
  listOf,
  message,
  outputNames,
  scalar,
  withRefusalHints,
} from "../engine";
import {
  APP_CREATE_FIELDS,
  appCreateOnlyShape,
  appResponseShape,
  appSchema,
  appWritableSchema,
  appWritableShape,
  impactAcceptanceShape,
} from "../schemas";
import { appRefusalHint } from "./appReferences";
import { adoptionInputs } from "./controls";
import { declareKind } from "./declaration";

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

/** The outputs of an app: `AppOutputs` in resources/types.ts. */
export const appOutputs = outputNames(appFields, appResponseShape);

/** The example on the kind's reference pages (`scripts/docs`), against the emulator's seeded tenant. */
const example: KindExample = {
  typescript: `import { App } from "pulumi-idgov";

const wiki = new App("wiki", {
  displayName: "Team Wiki",
  description: "Internal documentation",
  accessModel: "APP_ACCESS_MODEL_HYBRID",
  annotations: { team: "docs" },
});
const github = new App("github", { adoptId: "app-github", monthlyCostUsd: 2100 });

export const wikiId = wiki.id;
export const githubOwners = github.appOwners;`,
  program: {
    variable: "wiki",
    inputs: {
      displayName: "Team Wiki",
      description: "Internal documentation",
      accessModel: "APP_ACCESS_MODEL_HYBRID",
      annotations: { team: "docs" },
    },
    exports: { wikiId: "id" },
  },
};

export const appKind = declareKind({
  name: "App",
  example,
  description: "An app of the tenant (spec 2.6).",
  annotations: true,
  listing: "list",
  isApp: true,
  appsOf: (id) => [id],
  fields: appFields,
  inputs: appWritableSchema.extend({ ...appCreateOnlyShape, ...adoptionInputs, ...impactAcceptanceShape }),
  requiredUnlessAdopting: ["displayName"],
  outputs: appOutputs,
  outputShape: appResponseShape,
  // An owner or policy id the tenant does not know is refused by the service; the refusal gets the lookup.
  api: withRefusalHints(
    entityApi({
      collection: () => "/api/v1/apps",
      // Reference 4: what a create takes; the engine sends the other fields in one masked update after it.
      createFields: APP_CREATE_FIELDS,
      item: (id) => apiPath`/api/v1/apps/${id}`,
      entityKey: "app",
      unwrap: (answer) => answer.app as Record<string, unknown> | undefined,
      schema: appSchema,
      list: { path: () => "/api/v1/apps", itemsKey: "list", asAnswer: (item) => ({ app: item }) },
      batchRead: {
        path: "/api/v1/search/apps",
        body: (ids) => ({ appIds: ids }),
        sweepBody: {},
        itemsKey: "list",
        asAnswer: (item) => ({ app: item }),
      },
    }),
    appRefusalHint,
  ),
});
