import * as pulumi from "@pulumi/pulumi";
import { COMPONENTS } from "../provider/components";
import { componentTypeToken } from "../provider/kinds/tokens";
import { makeChildren, refuseNonCompliant } from "./dynamic/component";
import type {
  SessionSettingsArgs,
  SessionSettingsOutputs,
  SourceRestrictionArgs,
  SsoSettingsArgs,
  SsoSettingsOutputs,
  XaaSettingsArgs,
  XaaSettingsOutputs,
} from "./types";

/** The inputs of `TenantBaseline`: the decisions a team makes (the schema's `idgov:index:TenantBaseline` inputs). */
export interface TenantBaselineArgs {
  /** The networks administrators sign in from, as CIDR ranges: at least one. */
  adminNetworks: NonNullable<SourceRestrictionArgs["sourceCidr"]>;
  /** How long a signed-in session lasts. @default "8h" (at most "12h": idgov-session-length) */
  sessionLength?: SessionSettingsArgs["maxSessionLength"];
  /** How long the SSO assertions to apps last. @default "5m" */
  ssoAssertionLifetime?: SsoSettingsArgs["defaultAssertionLifetime"];
  /** Whether the tenant issues cross-app-access grants. @default false */
  crossAppAccessEnabled?: XaaSettingsArgs["enabled"];
  /** How long a cross-app-access grant lasts. @default "1h" */
  crossAppAccessGrantLifetime?: XaaSettingsArgs["defaultGrantLifetime"];
}

const component = COMPONENTS.TenantBaseline;

/**
 * The tenant's session, SSO and cross-app-access settings to the company's standard
 * (provider/components/tenantBaseline.ts, the same declaration the plugin builds for every other language): three
 * resources of the dynamic classes (`SessionSettings`, `SsoSettings`, `XaaSettings`) parented to this component, each
 * putting back the values it replaced on destroy. Inputs the policy pack would report are refused here, before any
 * child is made, with the plugin's message (`ComponentInputError`). The settings are one per tenant: a program that
 * also declares one of them fails with `IdgovDeclarationError`, as for any settings singleton declared twice.
 */
export class TenantBaseline extends pulumi.ComponentResource {
  readonly sessionSettingsId: pulumi.Output<string>;
  readonly ssoSettingsId: pulumi.Output<string>;
  readonly crossAppAccessSettingsId: pulumi.Output<string>;
  /** The session length in effect, as the service answers it (`"28800s"`). */
  readonly sessionLength: pulumi.Output<SessionSettingsOutputs["maxSessionLength"]>;
  /** The SSO assertion lifetime in effect, as the service answers it (`"300s"`). */
  readonly ssoAssertionLifetime: pulumi.Output<SsoSettingsOutputs["defaultAssertionLifetime"]>;
  readonly crossAppAccessEnabled: pulumi.Output<XaaSettingsOutputs["enabled"]>;

  constructor(name: string, args: TenantBaselineArgs, opts?: pulumi.ComponentResourceOptions) {
    refuseNonCompliant(component, name, args);
    // The plugin's token: a program moved to the plugin's component keeps the component's URN.
    super(componentTypeToken(component.name), name, {}, opts);
    const outputs = makeChildren(this, component, name, args);
    this.sessionSettingsId = outputs.sessionSettingsId as pulumi.Output<string>;
    this.ssoSettingsId = outputs.ssoSettingsId as pulumi.Output<string>;
    this.crossAppAccessSettingsId = outputs.crossAppAccessSettingsId as pulumi.Output<string>;
    this.sessionLength = outputs.sessionLength as TenantBaseline["sessionLength"];
    this.ssoAssertionLifetime = outputs.ssoAssertionLifetime as TenantBaseline["ssoAssertionLifetime"];
    this.crossAppAccessEnabled = outputs.crossAppAccessEnabled as TenantBaseline["crossAppAccessEnabled"];
    this.registerOutputs(outputs);
  }
}
