import {
  type Answered,
  type Assert,
  type Comparisons,
  duration,
  type FieldSpec,
  message,
  outputNames,
  scalar,
  set,
} from "../engine";
import {
  lifetimeString,
  SOURCE_RESTRICTION_FIELDS,
  sessionResponseShape,
  sessionSettingsSchema,
  sessionSettingsWritableSchema,
  sessionWritableShape,
} from "../schemas";
import { settingsKind } from "./settings";

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

/** The outputs of the session settings: `SessionSettingsOutputs` in resources/types.ts. */
export const sessionOutputs = outputNames(sessionFields, sessionResponseShape);

export const sessionSettingsKind = settingsKind({
  name: "SessionSettings",
  description:
    "The tenant's session security settings (spec 2.11): session length, external clients and the per-role address allowlists.",
  label: "session settings",
  id: "session",
  path: "/api/v1/settings/session",
  entityKey: "sessionSettings",
  schema: sessionSettingsSchema,
  fields: sessionFields,
  outputs: sessionOutputs,
  outputShape: sessionResponseShape,
  inputs: sessionSettingsWritableSchema.extend({
    maxSessionLength: lifetimeString.optional(),
  }),
});

type SessionFieldsAnswered = Assert<Answered<typeof sessionWritableShape, typeof sessionResponseShape>>;
