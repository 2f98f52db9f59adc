import type * as pulumi from "@pulumi/pulumi";
import type { Assert, SameNames } from "../provider/kinds";
import { ssoSettingsKind, type ssoOutputs } from "../provider/kinds/ssoSettings";
import { declareSingleton } from "./dynamic/singleton";
import type { SsoSettingsArgs, SsoSettingsOutputs, Outputs } from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { SsoSettingsArgs };

type SsoSettingsOutputsTyped = Assert<SameNames<(typeof ssoOutputs)[number], keyof SsoSettingsOutputs>>;

// Its outputs, derived from its shapes: `SsoSettingsOutputs` in resources/types.ts.
export interface SsoSettings extends Outputs<SsoSettingsOutputs> {}

/**
 * The tenant's single-sign-on provider settings (spec 2.11): one per tenant, always there. Creating it reads the
 * settings and sends one masked update of the fields the program sets; deleting it leaves them, unless
 * `restoreOnDelete` asks for the values it replaced to be put back.
 *
 * Settings carry no annotations, so two stacks that declare them both write them and the last writer wins: declare
 * them in one stack per tenant (docs/guides/ownership.md, "Sharing a tenant").
 */
export class SsoSettings extends IdgovResource {
  constructor(name: string, args: SsoSettingsArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(ssoSettingsKind, name, { ...args, ...declareSingleton(ssoSettingsKind.name, name) }, opts);
  }
}
