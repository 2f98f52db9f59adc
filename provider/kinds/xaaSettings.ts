import type { KindExample } from "./example";
import { type Answered, type Assert, type Comparisons, duration, outputNames, scalar, set } from "../engine";
import {
  lifetimeString,
  xaaResponseShape,
  xaaSettingsSchema,
  xaaSettingsWritableSchema,
  xaaWritableShape,
} from "../schemas";
import { settingsKind } from "./settings";

type XaaFieldsAnswered = Assert<Answered<typeof xaaWritableShape, typeof xaaResponseShape>>;

/** The editable paths of the cross-app-access settings (spec 2.11), and how each compares. */
const xaaFields = {
  enabled: scalar,
  defaultGrantLifetime: duration,
  allowRefreshTokenSubjects: scalar,
  defaultSigningAlgorithm: scalar,
  enabledSigningAlgorithms: set,
  xaaIdTokenLifetime: duration,
} satisfies Comparisons<typeof xaaWritableShape>;

/** Who each editable path of the cross-app-access settings reaches, as impacts name it. */
const reaches = {
  enabled: "cross-app access: apps exchanging tokens on users' behalf",
  defaultGrantLifetime: "how long cross-app-access grants last",
  allowRefreshTokenSubjects: "refresh tokens as cross-app-access subjects",
  defaultSigningAlgorithm: "how cross-app-access tokens are signed",
  enabledSigningAlgorithms: "which algorithms may sign cross-app-access tokens",
  xaaIdTokenLifetime: "how long cross-app-access ID tokens last",
} satisfies Record<keyof typeof xaaFields, string>;

/** The outputs of the cross-app-access settings: `XaaSettingsOutputs` in resources/types.ts. */
export const xaaOutputs = outputNames(xaaFields, xaaResponseShape);

/** The example on the kind's reference pages (`scripts/docs`), against the emulator's seeded tenant. */
const example: KindExample = {
  typescript: `import { XaaSettings } from "pulumi-idgov";

new XaaSettings("cross-app-access", { enabled: true, defaultGrantLifetime: "90m" });`,
  program: {
    variable: "crossAppAccess",
    inputs: { enabled: true, defaultGrantLifetime: "90m" },
    exports: { xaaEnabled: "enabled" },
  },
};

export const xaaSettingsKind = settingsKind({
  name: "XaaSettings",
  example,
  description: "The tenant's cross-app-access issuer settings (spec 2.11): one per tenant, always there.",
  label: "cross-app-access settings",
  id: "cross-app-access",
  path: "/api/v1/settings/cross-app-access",
  entityKey: "settings",
  schema: xaaSettingsSchema,
  fields: xaaFields,
  outputs: xaaOutputs,
  reaches,
  outputShape: xaaResponseShape,
  inputs: xaaSettingsWritableSchema.extend({
    defaultGrantLifetime: lifetimeString.optional(),
    xaaIdTokenLifetime: lifetimeString.optional(),
  }),
});
