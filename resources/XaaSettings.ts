import type * as pulumi from "@pulumi/pulumi";
import type { Assert, SameNames } from "../provider/kinds";
import { xaaSettingsKind, type xaaOutputs } from "../provider/kinds/xaaSettings";
import { declareSingleton } from "./dynamic/singleton";
import type { XaaSettingsArgs, XaaSettingsOutputs, Outputs } from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { XaaSettingsArgs };

type XaaSettingsOutputsTyped = Assert<SameNames<(typeof xaaOutputs)[number], keyof XaaSettingsOutputs>>;

// Its outputs, derived from its shapes: `XaaSettingsOutputs` in resources/types.ts.
export interface XaaSettings extends Outputs<XaaSettingsOutputs> {}

/**
 * The tenant's cross-app-access issuer settings (spec 2.11): one per tenant, always there. Creating it reads the
 * settings and sends one masked update of the fields the program sets; deleting it leaves them, unless
 * `restoreOnDelete` asks for the values it replaced to be put back.
 *
 * Settings carry no annotations, so two stacks that declare them both write them and the last writer wins: declare
 * them in one stack per tenant (docs/guides/ownership.md, "Sharing a tenant").
 */
export class XaaSettings extends IdgovResource {
  constructor(name: string, args: XaaSettingsArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(xaaSettingsKind, name, { ...args, ...declareSingleton(xaaSettingsKind.name, name) }, opts);
  }
}
