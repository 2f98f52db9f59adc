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
  set,
} from "../provider/engine";
import {
  lifetimeString,
  xaaResponseShape,
  xaaSettingsSchema,
  xaaSettingsWritableSchema,
  xaaWritableShape,
} from "../provider/schemas";
import { declareSingleton, settingsKind } from "./dynamic/singleton";
import type { XaaSettingsArgs, XaaSettingsOutputs, Outputs } from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { XaaSettingsArgs };

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

/** @internal */
export const xaaSettingsKind: ResourceKind = settingsKind({
  name: "XaaSettings",
  label: "cross-app-access settings",
  id: "cross-app-access",
  path: "/api/v1/settings/cross-app-access",
  entityKey: "settings",
  schema: xaaSettingsSchema,
  fields: xaaFields,
  inputs: xaaSettingsWritableSchema.extend({
    defaultGrantLifetime: lifetimeString.optional(),
    xaaIdTokenLifetime: lifetimeString.optional(),
  }),
});

/** @internal */
export const xaaOutputs = outputNames(xaaFields, xaaResponseShape);
type XaaSettingsOutputsTyped = Assert<SameNames<(typeof xaaOutputs)[number], keyof XaaSettingsOutputs>>;

// Its outputs, derived from its shapes: `XaaSettingsOutputs` in resources/types.ts.
export interface XaaSettings extends Outputs<XaaSettingsOutputs> {}

/**
 * The tenant's cross-app-access issuer settings (spec 2.11): one per tenant, always there. Creating it reads the
 * settings and sends one masked update of the fields the program sets; deleting it leaves them, unless
 * `restoreOnDelete` asks for the values it replaced to be put back.
 *
 * Settings carry no annotations, so two stacks that declare them both write them and the last writer wins: declare
 * them in one stack per tenant (README, "Ownership").
 */
export class XaaSettings extends IdgovResource {
  constructor(name: string, args: XaaSettingsArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super("XaaSettings", name, { ...args, ...declareSingleton("XaaSettings", name) }, xaaOutputs, opts);
  }
}
