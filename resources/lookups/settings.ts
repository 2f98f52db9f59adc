import type * as pulumi from "@pulumi/pulumi";
import * as plain from "../../provider/lookups/settings";
import type { SessionSettings, SsoSettings, XaaSettings } from "../types";
import { type LookupOptions, programOptions } from "./config";
import { lookupOutput } from "./output";

/** The tenant's single-sign-on provider settings (spec 2.11). */
export type SsoSettingsInfo = SsoSettings;
/** The tenant's cross-app-access issuer settings (spec 2.11). */
export type CrossAppAccessSettingsInfo = XaaSettings;
/** The tenant's session security settings, address allowlists included (spec 2.11). */
export type SessionSettingsInfo = SessionSettings;

/** The tenant's single-sign-on provider settings (`GET /api/v1/settings/sso`). */
export function getSsoSettings(options?: LookupOptions): Promise<SsoSettingsInfo> {
  return plain.getSsoSettings(programOptions(options));
}

/** {@link getSsoSettings} answering an Output. */
export function getSsoSettingsOutput(options?: LookupOptions): pulumi.Output<SsoSettingsInfo> {
  return lookupOutput((_args: object, lookupOptions) => getSsoSettings(lookupOptions), {}, options);
}

/** The tenant's cross-app-access settings (`GET /api/v1/settings/cross-app-access`). */
export function getCrossAppAccessSettings(options?: LookupOptions): Promise<CrossAppAccessSettingsInfo> {
  return plain.getCrossAppAccessSettings(programOptions(options));
}

/** {@link getCrossAppAccessSettings} answering an Output. */
export function getCrossAppAccessSettingsOutput(
  options?: LookupOptions,
): pulumi.Output<CrossAppAccessSettingsInfo> {
  return lookupOutput(
    (_args: object, lookupOptions) => getCrossAppAccessSettings(lookupOptions),
    {},
    options,
  );
}

/** The tenant's session settings (`GET /api/v1/settings/session`). */
export function getSessionSettings(options?: LookupOptions): Promise<SessionSettingsInfo> {
  return plain.getSessionSettings(programOptions(options));
}

/** {@link getSessionSettings} answering an Output. */
export function getSessionSettingsOutput(options?: LookupOptions): pulumi.Output<SessionSettingsInfo> {
  return lookupOutput((_args: object, lookupOptions) => getSessionSettings(lookupOptions), {}, options);
}
