import * as pulumi from "@pulumi/pulumi";
import { duration, type ResourceKind, scalar } from "../provider/engine";
import {
  lifetimeString,
  SSO_SETTINGS_READ_ONLY_FIELDS,
  ssoSettingsSchema,
  ssoSettingsWritableSchema,
} from "../provider/schemas";
import { dynamicArgs, ownershipInputs, resourceProps, type RestoreArgs, restoreInputs } from "./controls";
import { declareSingleton, settingsKind } from "./singleton";
import type { OidcSigningAlgorithm, SsoSubjectType, Unlisted } from "./enums";
import { IdgovResource } from "./dynamicResource";

/** The editable paths of the SSO settings (spec 2.11), and how each compares. */
const ssoFields = {
  enabled: scalar,
  defaultSubjectType: scalar,
  defaultAssertionLifetime: duration,
  defaultIdTokenSignedResponseAlg: scalar,
};

/** @internal */
export const ssoSettingsKind: ResourceKind = settingsKind({
  name: "SsoSettings",
  label: "SSO settings",
  id: "sso",
  path: "/api/v1/settings/sso",
  entityKey: "settings",
  schema: ssoSettingsSchema,
  fields: ssoFields,
  inputSchema: ssoSettingsWritableSchema.extend({
    defaultAssertionLifetime: lifetimeString.optional(),
    ...restoreInputs,
    ...ownershipInputs,
  }),
});

type In<T> = pulumi.Input<T>;

/** The SSO settings a program manages (the editable paths of spec 2.11); fields left out are left as they are. */
export interface SsoSettingsArgs extends RestoreArgs {
  /** Whether the tenant acts as a single-sign-on provider. */
  enabled?: In<boolean>;
  /** `SSO_SUBJECT_TYPE_PAIRWISE`, `_PUBLIC` or `_COMPATIBILITY`. */
  defaultSubjectType?: In<SsoSubjectType | Unlisted>;
  /** Any common form: `"5m"`, `"300s"`, `"1h30m"`; compared canonically. */
  defaultAssertionLifetime?: In<string>;
  /** e.g. `OIDC_SIGNING_ALGORITHM_RS256` */
  defaultIdTokenSignedResponseAlg?: In<OidcSigningAlgorithm | Unlisted>;
}

const ssoOutputs = [...Object.keys(ssoFields), ...SSO_SETTINGS_READ_ONLY_FIELDS];

/**
 * The tenant's single-sign-on provider settings (spec 2.11): one per tenant, always there. Creating it reads the
 * settings and sends one masked update of the fields the program sets; deleting it leaves them, unless
 * `restoreOnDelete` asks for the values it replaced to be put back.
 *
 * The service keeps no annotations on settings, so this package cannot mark them as this stack's: two stacks that
 * both declare them both write them, the last writer wins, and neither is refused. What it does: a refresh shows a
 * managed field that differs from what this stack last wrote as drift, and `restoreOnDelete` puts back the values
 * from before this stack managed each field (recorded once, never a drifted or repaired value). Declare them in one
 * stack per tenant.
 */
export class SsoSettings extends IdgovResource {
  declare readonly enabled: pulumi.Output<boolean | undefined>;
  declare readonly defaultSubjectType: pulumi.Output<string | undefined>;
  /** In the service's canonical form, e.g. `"300s"`. */
  declare readonly defaultAssertionLifetime: pulumi.Output<string | undefined>;
  declare readonly defaultIdTokenSignedResponseAlg: pulumi.Output<string | undefined>;
  declare readonly createdAt: pulumi.Output<string | undefined>;
  declare readonly updatedAt: pulumi.Output<string | undefined>;

  constructor(name: string, args: SsoSettingsArgs = {}, opts?: pulumi.CustomResourceOptions) {
    const kind = dynamicArgs("SsoSettings");
    const check = declareSingleton("SsoSettings", name);
    const props = resourceProps("SsoSettings", name, { ...args, ...check }, ssoOutputs, opts);
    super(kind.provider, name, props, opts, kind.module, kind.type);
  }
}
