import { IdgovError } from "../errors";
import type { KindExample } from "./example";
import type { z } from "zod";
import {
  type Answered,
  type Assert,
  type Comparisons,
  entityApi,
  message,
  outputNames,
  scalar,
  timestamp,
} from "../engine";
import { apiPath, pathSegmentProblem } from "../client/paths";
import {
  type Json,
  APP_RESOURCE_CREATE_FIELDS,
  APP_RESOURCE_METADATA_ONEOF,
  appResourceCreateOnlyShape,
  appResourceResponseShape,
  appResourceSchema,
  appResourceWritableShape,
  impactAcceptanceShape,
  oneofRefinement,
  requestObject,
} from "../schemas";
import { adoptionInputs } from "./controls";
import { declareKind } from "./declaration";

type Writable = typeof appResourceWritableShape & typeof appResourceCreateOnlyShape;
type AppResourceFieldsAnswered = Assert<
  Answered<typeof appResourceWritableShape, typeof appResourceResponseShape>
>;

const placement = { type: "scalar", immutable: true } as const;

/** The fields of an app resource a program manages (spec 2.8), and how each compares. */
const appResourceFields = {
  appId: placement,
  appResourceTypeId: placement,
  displayName: scalar,
  description: scalar,
  customDescription: scalar,
  parentAppResourceId: scalar,
  parentAppResourceTypeId: scalar,
  accessConfigId: scalar,
  matchConnectorId: scalar,
  resourceOwnerUserIds: { type: "set", createOnly: true } as const,
  agentTrait: message({ identityAppUserId: scalar, status: scalar }),
  secretTrait: message({
    createdByAppUserId: scalar,
    credentialDetail: scalar,
    identityAppUserId: scalar,
    lastUsedAt: timestamp,
    secretCreatedAt: timestamp,
    secretExpiresAt: timestamp,
  }),
} satisfies Comparisons<Writable>;

/** The Pulumi id of an app resource: its app, its resource type and its own id, `app/type/resource`. */
export function appResourceId(appId: string, appResourceTypeId: string, id: string): string {
  return [appId, appResourceTypeId, id].map(encodeURIComponent).join("/");
}

function itemPath(pulumiId: string): string {
  const parts = pulumiId.split("/").map(decodeURIComponent);
  if (parts.length !== 3) throw new IdgovError(`"${pulumiId}" is not an app resource id (app/type/resource)`);
  const [appId, typeId, id] = parts as [string, string, string];
  return apiPath`/api/v1/apps/${appId}/resource_types/${typeId}/resources/${id}`;
}

function placedIn(inputs: Json, ctx: z.RefinementCtx): void {
  for (const field of ["appId", "appResourceTypeId"]) {
    const value = inputs[field];
    if (typeof value !== "string" || value === "") {
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: "is required (it names where the resource lives)",
      });
    } else if (pathSegmentProblem(value) !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: `${pathSegmentProblem(value)}: must be an object id`,
      });
    }
  }
}

/** The outputs of an app resource: `AppResourceOutputs` in resources/types.ts. */
export const appResourceOutputs = outputNames(appResourceFields, appResourceResponseShape);

/** The example on the kind's reference pages (`scripts/docs`), against the emulator's seeded tenant. */
const example: KindExample = {
  typescript: `import { AppResource } from "pulumi-idgov";

new AppResource("infra-repository", {
  appId: "app-github",
  appResourceTypeId: "rt-github-repository",
  displayName: "acme/infrastructure",
  description: "Terraform and Pulumi programs",
});`,
  program: {
    variable: "infraRepository",
    inputs: {
      appId: "app-github",
      appResourceTypeId: "rt-github-repository",
      displayName: "acme/infrastructure",
      description: "Terraform and Pulumi programs",
    },
    exports: { repositoryId: "id" },
  },
};

export const appResourceKind = declareKind({
  name: "AppResource",
  example,
  description: "A manually managed resource of an app (spec 2.8), such as a repository or an agent.",
  annotations: true,
  listing: "collections",
  appsOf: (_id, fields) => [String(fields.appId ?? "")],
  ownIdOf: (pulumiId) => decodeURIComponent(pulumiId.split("/")[2] ?? pulumiId),
  fields: appResourceFields,
  inputs: requestObject({
    ...appResourceWritableShape,
    ...appResourceCreateOnlyShape,
    ...adoptionInputs,
    ...impactAcceptanceShape,
  })
    .superRefine(oneofRefinement(APP_RESOURCE_METADATA_ONEOF))
    .superRefine(placedIn),
  requiredUnlessAdopting: ["displayName"],
  outputs: appResourceOutputs,
  outputShape: appResourceResponseShape,
  existingId: (inputs) =>
    typeof inputs.adoptId === "string"
      ? appResourceId(String(inputs.appId), String(inputs.appResourceTypeId), inputs.adoptId)
      : undefined,
  api: entityApi({
    collection: (inputs) =>
      apiPath`/api/v1/apps/${String(inputs.appId)}/resource_types/${String(inputs.appResourceTypeId)}/resources`,
    item: itemPath,
    createFields: APP_RESOURCE_CREATE_FIELDS,
    entityKey: "appResource",
    unwrap: (answer) =>
      (answer.appResource ?? (answer.appResourceView as Json | undefined)?.appResource) as Json | undefined,
    idOf: (entity) =>
      appResourceId(String(entity.appId), String(entity.appResourceTypeId), String(entity.id)),
    schema: appResourceSchema,
    list: {
      path: (inputs) =>
        apiPath`/api/v1/apps/${String(inputs.appId)}/resource_types/${String(inputs.appResourceTypeId)}/resources`,
      itemsKey: "list",
      asAnswer: (item) => ({ appResourceView: item }),
    },
  }),
});
