import type { KindExample } from "./example";
import { type Answered, type Assert, type Comparisons, duration, outputNames, scalar } from "../engine";
import {
  lifetimeString,
  ssoResponseShape,
  ssoSettingsSchema,
  ssoSettingsWritableSchema,
  ssoWritableShape,
} from "../schemas";
import { settingsKind } from "./settings";

type SsoFieldsAnswered = Assert<Answered<typeof ssoWritableShape, typeof ssoResponseShape>>;

/** The editable paths of the SSO settings (spec 2.11), and how each compares. */
const ssoFields = {
  enabled: scalar,
  defaultSubjectType: scalar,
  defaultAssertionLifetime: duration,
  defaultIdTokenSignedResponseAlg: scalar,
} satisfies Comparisons<typeof ssoWritableShape>;

/** Who each editable path of the SSO settings reaches, as impacts name it. */
const reaches = {
  enabled: "sign-in to apps through the tenant's SSO provider",
  defaultSubjectType: "the subject apps receive in SSO assertions",
  defaultAssertionLifetime: "how long SSO assertions to apps last",
  defaultIdTokenSignedResponseAlg: "how ID tokens to apps are signed",
} satisfies Record<keyof typeof ssoFields, string>;

/** The outputs of the SSO settings: `SsoSettingsOutputs` in resources/types.ts. */
export const ssoOutputs = outputNames(ssoFields, ssoResponseShape);

/** The example on the kind's reference pages (`scripts/docs`), against the emulator's seeded tenant. */
const example: KindExample = {
  typescript: `import { SsoSettings } from "pulumi-idgov";

new SsoSettings("sso", {
  enabled: true,
  defaultSubjectType: "SSO_SUBJECT_TYPE_PUBLIC",
  defaultAssertionLifetime: "10m",
  restoreOnDelete: true,
});`,
  program: {
    variable: "sso",
    inputs: {
      enabled: true,
      defaultSubjectType: "SSO_SUBJECT_TYPE_PUBLIC",
      defaultAssertionLifetime: "10m",
      restoreOnDelete: true,
    },
    exports: { ssoEnabled: "enabled" },
  },
};

export const ssoSettingsKind = settingsKind({
  name: "SsoSettings",
  example,
  description: "The tenant's single-sign-on provider settings (spec 2.11): one per tenant, always there.",
  label: "SSO settings",
  id: "sso",
  path: "/api/v1/settings/sso",
  entityKey: "settings",
  schema: ssoSettingsSchema,
  fields: ssoFields,
  outputs: ssoOutputs,
  reaches,
  outputShape: ssoResponseShape,
  inputs: ssoSettingsWritableSchema.extend({
    defaultAssertionLifetime: lifetimeString.optional(),
  }),
});
