import * as pulumi from "@pulumi/pulumi";
import {
  type Answered,
  type Assert,
  type SameNames,
  type Comparisons,
  duration,
  type FieldSpec,
  message,
  outputNames,
  type ResourceKind,
  scalar,
  set,
} from "../provider/engine";
import {
  lifetimeString,
  SOURCE_RESTRICTION_FIELDS,
  sessionResponseShape,
  sessionSettingsSchema,
  sessionSettingsWritableSchema,
  sessionWritableShape,
} from "../provider/schemas";
import type { SessionSettingsArgs, SourceRestrictionArgs, SessionSettingsOutputs, Outputs } from "./types";
import { declareSingleton, settingsKind } from "./dynamic/singleton";
import { IdgovResource } from "./dynamic/dynamicResource";

/** Each restriction's members are managed and masked one by one (`ssoAdminSource.sourceCidr`); ranges are a set. */
const sourceRestriction = message({ enabled: scalar, sourceCidr: set });

/** The session settings a program may manage (spec 2.11), and how each compares. */
const sessionFields = {
  maxSessionLength: duration,
  externalClientsEnabled: scalar,
  clientIdApprovalRequestPolicyId: scalar,
  ...(Object.fromEntries(SOURCE_RESTRICTION_FIELDS.map((field) => [field, sourceRestriction])) as Record<
    (typeof SOURCE_RESTRICTION_FIELDS)[number],
    FieldSpec
  >),
} satisfies Comparisons<typeof sessionWritableShape>;

/** @internal */
export const sessionSettingsKind: ResourceKind = settingsKind({
  name: "SessionSettings",
  label: "session settings",
  id: "session",
  path: "/api/v1/settings/session",
  entityKey: "sessionSettings",
  schema: sessionSettingsSchema,
  fields: sessionFields,
  inputs: sessionSettingsWritableSchema.extend({
    maxSessionLength: lifetimeString.optional(),
  }),
});

export type { SessionSettingsArgs, SourceRestrictionArgs };

type SessionFieldsAnswered = Assert<Answered<typeof sessionWritableShape, typeof sessionResponseShape>>;

/** @internal */
export const sessionOutputs = outputNames(sessionFields, sessionResponseShape);
type SessionSettingsOutputsTyped = Assert<
  SameNames<(typeof sessionOutputs)[number], keyof SessionSettingsOutputs>
>;

// Its outputs, derived from its shapes: `SessionSettingsOutputs` in resources/types.ts.
export interface SessionSettings extends Outputs<SessionSettingsOutputs> {}

/**
 * The tenant's session security settings (spec 2.11): session length, external clients and the per-role address
 * allowlists. One per tenant, always there: creating it reads the settings and sends one masked update of the fields
 * the program sets; deleting it leaves them, unless `restoreOnDelete` asks for the values it replaced to be put back.
 *
 * Settings carry no annotations, so two stacks that declare them both write them and the last writer wins: declare
 * them in one stack per tenant (README, "Ownership").
 */
export class SessionSettings extends IdgovResource {
  constructor(name: string, args: SessionSettingsArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(
      "SessionSettings",
      name,
      { ...args, ...declareSingleton("SessionSettings", name) },
      sessionOutputs,
      opts,
    );
  }
}
