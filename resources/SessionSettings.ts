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
import { ownershipInputs, restoreInputs } from "./dynamic/controls";
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
  inputSchema: sessionSettingsWritableSchema.extend({
    maxSessionLength: lifetimeString.optional(),
    ...restoreInputs,
    ...ownershipInputs,
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
 * The service keeps no annotations on settings, so this package cannot mark them as this stack's: two stacks that
 * both declare them both write them, the last writer wins, and neither is refused. What it does: a refresh shows a
 * managed field that differs from what this stack last wrote as drift, and `restoreOnDelete` puts back the values
 * from before this stack managed each field (recorded once, never a drifted or repaired value). Declare them in one
 * stack per tenant.
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
