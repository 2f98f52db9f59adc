import type * as pulumi from "@pulumi/pulumi";
import type { Assert, SameNames } from "../provider/kinds";
import { sessionSettingsKind, type sessionOutputs } from "../provider/kinds/sessionSettings";
import { declareSingleton } from "./dynamic/singleton";
import type { SessionSettingsArgs, SourceRestrictionArgs, SessionSettingsOutputs, Outputs } from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { SessionSettingsArgs, SourceRestrictionArgs };

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
 * Settings carry no annotations, so two stacks that declare them both write them and the last writer wins: declare
 * them in one stack per tenant (docs/guides/ownership.md, "Sharing a tenant").
 */
export class SessionSettings extends IdgovResource {
  constructor(name: string, args: SessionSettingsArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(sessionSettingsKind, name, { ...args, ...declareSingleton(sessionSettingsKind.name, name) }, opts);
  }
}
