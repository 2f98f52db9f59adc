import * as pulumi from "@pulumi/pulumi";
import {
  type Answered,
  type Assert,
  type SameNames,
  type Comparisons,
  duration,
  outputNames,
  type ResourceKind,
  scalar,
} from "../provider/engine";
import {
  lifetimeString,
  ssoResponseShape,
  ssoSettingsSchema,
  ssoSettingsWritableSchema,
  ssoWritableShape,
} from "../provider/schemas";
import { declareSingleton, settingsKind } from "./dynamic/singleton";
import type { SsoSettingsArgs, SsoSettingsOutputs, Outputs } from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { SsoSettingsArgs };

type SsoFieldsAnswered = Assert<Answered<typeof ssoWritableShape, typeof ssoResponseShape>>;

/** The editable paths of the SSO settings (spec 2.11), and how each compares. */
const ssoFields = {
  enabled: scalar,
  defaultSubjectType: scalar,
  defaultAssertionLifetime: duration,
  defaultIdTokenSignedResponseAlg: scalar,
} satisfies Comparisons<typeof ssoWritableShape>;

/** @internal */
export const ssoSettingsKind: ResourceKind = settingsKind({
  name: "SsoSettings",
  label: "SSO settings",
  id: "sso",
  path: "/api/v1/settings/sso",
  entityKey: "settings",
  schema: ssoSettingsSchema,
  fields: ssoFields,
  inputs: ssoSettingsWritableSchema.extend({
    defaultAssertionLifetime: lifetimeString.optional(),
  }),
});

/** @internal */
export const ssoOutputs = outputNames(ssoFields, ssoResponseShape);
type SsoSettingsOutputsTyped = Assert<SameNames<(typeof ssoOutputs)[number], keyof SsoSettingsOutputs>>;

// Its outputs, derived from its shapes: `SsoSettingsOutputs` in resources/types.ts.
export interface SsoSettings extends Outputs<SsoSettingsOutputs> {}

/**
 * The tenant's single-sign-on provider settings (spec 2.11): one per tenant, always there. Creating it reads the
 * settings and sends one masked update of the fields the program sets; deleting it leaves them, unless
 * `restoreOnDelete` asks for the values it replaced to be put back.
 *
 * Settings carry no annotations, so two stacks that declare them both write them and the last writer wins: declare
 * them in one stack per tenant (README, "Ownership").
 */
export class SsoSettings extends IdgovResource {
  constructor(name: string, args: SsoSettingsArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super("SsoSettings", name, { ...args, ...declareSingleton("SsoSettings", name) }, ssoOutputs, opts);
  }
}
