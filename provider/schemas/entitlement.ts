import { z } from "zod";
import { responseAnnotations } from "./annotations";
import { APP_ENTITLEMENT_PURPOSES } from "./enums";
import { oneofRefinement, type OneofGroup } from "./oneof";
import {
  int64String,
  opaqueObject,
  openEnum,
  responseTimestamp,
  stringList,
  responseObject,
} from "./primitives";

/** Members of the assignee oneof of a manual provisioner (spec 2.5). */
export const MANUAL_ASSIGNEE_ONEOF: OneofGroup = {
  name: "assignee",
  members: ["appOwners", "entitlementOwners", "expression", "group", "manager", "users"],
};

/** Members of the ProvisionerPolicy oneof (spec 2.5). */
export const PROVISIONER_POLICY_ONEOF: OneofGroup = {
  name: "policy",
  members: [
    "action",
    "connector",
    "delegated",
    "devicePlacement",
    "externalTicket",
    "manual",
    "multiStep",
    "unconfigured",
    "webhook",
  ],
};

const fallback = { allowReassignment: z.boolean().optional(), fallbackUserIds: stringList.optional() };

/** Who a manual provisioning task goes to (spec 2.5); at most one member set. */
export const manualAssigneeSchema = responseObject({
  appOwners: responseObject(fallback).nullish(),
  entitlementOwners: responseObject(fallback).nullish(),
  expression: responseObject({ ...fallback, expressions: stringList.optional() }).nullish(),
  group: responseObject({
    ...fallback,
    appGroupId: z.string().optional(),
    appId: z.string().optional(),
  }).nullish(),
  manager: responseObject(fallback).nullish(),
  users: responseObject({
    allowReassignment: z.boolean().optional(),
    userIds: stringList.optional(),
  }).nullish(),
}).superRefine(oneofRefinement(MANUAL_ASSIGNEE_ONEOF));

const connectorIdOnly = responseObject({ connectorId: z.string().optional() });

/** How an entitlement is provisioned or deprovisioned (spec 2.5); at most one member set. */
export const provisionerPolicySchema = responseObject({
  action: responseObject({
    actionName: z.string().optional(),
    appId: z.string().optional(),
    connectorId: z.string().optional(),
    displayName: z.string().optional(),
  }).nullish(),
  connector: responseObject({
    account: responseObject({
      config: opaqueObject.nullish(),
      connectorId: z.string().optional(),
      schemaId: z.string().optional(),
      doNotSave: opaqueObject.nullish(),
      saveToVault: responseObject({ vaultIds: stringList.optional() }).nullish(),
    }).nullish(),
    defaultBehavior: connectorIdOnly.nullish(),
    deleteAccount: connectorIdOnly.nullish(),
  }).nullish(),
  delegated: responseObject({
    appId: z.string().optional(),
    entitlementId: z.string().optional(),
    implicit: z.boolean().optional(),
  }).nullish(),
  devicePlacement: responseObject({ vaultBoundaryId: z.string().optional() }).nullish(),
  externalTicket: responseObject({
    appId: z.string().optional(),
    connectorId: z.string().optional(),
    externalTicketProvisionerConfigId: z.string().optional(),
    instructions: z.string().optional(),
  }).nullish(),
  manual: responseObject({
    instructions: z.string().optional(),
    userIds: stringList.optional(),
    assignee: manualAssigneeSchema.nullish(),
  }).nullish(),
  multiStep: responseObject({ provisionSteps: z.array(opaqueObject).optional() }).nullish(),
  unconfigured: opaqueObject.nullish(),
  webhook: responseObject({ webhookId: z.string().optional() }).nullish(),
}).superRefine(oneofRefinement(PROVISIONER_POLICY_ONEOF));
export type ProvisionerPolicy = z.infer<typeof provisionerPolicySchema>;

/** An app entitlement (spec 2.5). Response shape. */
export const appEntitlementSchema = responseObject({
  id: z.string().optional(),
  alias: z.string().optional(),
  slug: z.string().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  externalId: z.string().optional(),
  appId: z.string().optional(),
  appResourceId: z.string().optional(),
  appResourceTypeId: z.string().optional(),
  certifyPolicyId: z.string().optional(),
  grantPolicyId: z.string().optional(),
  revokePolicyId: z.string().optional(),
  emergencyGrantPolicyId: z.string().optional(),
  requestSchemaId: z.string().optional(),
  riskLevelValueId: z.string().optional(),
  complianceFrameworkValueIds: stringList.optional(),
  annotations: responseAnnotations.optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
  defaultValuesApplied: z.boolean().optional(),
  emergencyGrantEnabled: z.boolean().optional(),
  isAutomationEnabled: z.boolean().optional(),
  isManuallyManaged: z.boolean().optional(),
  overrideAccessRequestsDefaults: z.boolean().optional(),
  systemBuiltin: z.boolean().optional(),
  durationGrant: z.string().nullish(),
  durationUnset: opaqueObject.nullish(),
  grantCount: int64String.optional(),
  matchConnectorId: z.string().optional(),
  purpose: openEnum(APP_ENTITLEMENT_PURPOSES).optional(),
  sourceConnectorIds: opaqueObject.nullish(),
  userEditedMask: z.string().optional(),
  provisionerPolicy: provisionerPolicySchema.nullish(),
  deprovisionerPolicy: provisionerPolicySchema.nullish(),
});
export type AppEntitlement = z.infer<typeof appEntitlementSchema>;
