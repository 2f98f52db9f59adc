import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import {
  type Answered,
  type Assert,
  type SameNames,
  type Comparisons,
  entityApi,
  message,
  outputNames,
  type ResourceKind,
  scalar,
  timestamp,
} from "../provider/engine";
import { apiPath, pathSegmentProblem } from "../provider/client/paths";
import {
  APP_RESOURCE_CREATE_FIELDS,
  APP_RESOURCE_METADATA_ONEOF,
  appResourceCreateOnlyShape,
  appResourceResponseShape,
  appResourceSchema,
  appResourceWritableShape,
  oneofRefinement,
  requestObject,
} from "../provider/schemas";
import type { AppResourceArgs, AppResourceOutputs, Outputs } from "./types";
import { adoptionInputs, requiredUnlessAdopting } from "./dynamic/controls";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { AppResourceArgs };

type Writable = typeof appResourceWritableShape & typeof appResourceCreateOnlyShape;
type AppResourceFieldsAnswered = Assert<
  Answered<typeof appResourceWritableShape, typeof appResourceResponseShape>
>;

type Json = Record<string, unknown>;

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
  if (parts.length !== 3) throw new Error(`"${pulumiId}" is not an app resource id (app/type/resource)`);
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

/** @internal */
export const appResourceKind: ResourceKind = {
  name: "AppResource",
  annotations: true,
  fields: appResourceFields,
  inputSchema: requestObject({
    ...appResourceWritableShape,
    ...appResourceCreateOnlyShape,
    ...adoptionInputs,
  })
    .superRefine(oneofRefinement(APP_RESOURCE_METADATA_ONEOF))
    .superRefine(placedIn)
    .superRefine(requiredUnlessAdopting("displayName")),
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
};

/** @internal */
export const appResourceOutputs = outputNames(appResourceFields, appResourceResponseShape);
type AppResourceOutputsTyped = Assert<
  SameNames<(typeof appResourceOutputs)[number], keyof AppResourceOutputs>
>;

// Its outputs, derived from its shapes: `AppResourceOutputs` in resources/types.ts.
export interface AppResource extends Outputs<AppResourceOutputs> {}

/**
 * A manually managed resource of an app (spec 2.8), such as a repository or an agent. Its Pulumi id names the app,
 * the resource type and the resource: `app-github/rt-github-repository/res-123`.
 */
export class AppResource extends IdgovResource {
  constructor(name: string, args: AppResourceArgs, opts?: pulumi.CustomResourceOptions) {
    super("AppResource", name, args, appResourceOutputs, opts);
  }
}
