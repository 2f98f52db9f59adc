import type { KindExample } from "./example";
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

/** Who each editable path of the session settings reaches, as impacts name it. */
const reaches = {
  maxSessionLength: "every signed-in session (its longest length)",
  externalClientsEnabled: "external API clients",
  clientIdApprovalRequestPolicyId: "approval of new API client ids",
  connectorSource: "connectors reaching the tenant (connectorSource address restriction)",
  externalClientSource: "external API clients (externalClientSource address restriction)",
  pccAdminSource: "administrators signing in directly (pccAdminSource address restriction)",
  pccUserSource: "users signing in directly (pccUserSource address restriction)",
  ssoAdminSource: "administrators signing in through SSO (ssoAdminSource address restriction)",
  ssoUserSource: "users signing in through SSO (ssoUserSource address restriction)",
} satisfies Record<keyof typeof sessionFields, string>;

/** The outputs of the session settings: `SessionSettingsOutputs` in resources/types.ts. */
export const sessionOutputs = outputNames(sessionFields, sessionResponseShape);

/** The example on the kind's reference pages (`scripts/docs`), against the emulator's seeded tenant. */
const example: KindExample = {
  typescript: `import { SessionSettings } from "pulumi-idgov";

new SessionSettings("session", {
  maxSessionLength: "8h",
  ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16", "2001:db8::/48"] },
});`,
  program: {
    variable: "session",
    inputs: {
      maxSessionLength: "8h",
      ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16", "2001:db8::/48"] },
    },
    exports: { maxSessionLength: "maxSessionLength" },
  },
};

export const sessionSettingsKind = settingsKind({
  name: "SessionSettings",
  example,
  description:
    "The tenant's session security settings (spec 2.11): session length, external clients and the per-role address allowlists.",
  label: "session settings",
  id: "session",
  path: "/api/v1/settings/session",
  entityKey: "sessionSettings",
  schema: sessionSettingsSchema,
  fields: sessionFields,
  outputs: sessionOutputs,
  reaches,
  outputShape: sessionResponseShape,
  inputs: sessionSettingsWritableSchema.extend({
    maxSessionLength: lifetimeString.optional(),
  }),
});

type SessionFieldsAnswered = Assert<Answered<typeof sessionWritableShape, typeof sessionResponseShape>>;
