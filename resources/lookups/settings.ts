import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { sessionSettingsSchema, ssoSettingsSchema, xaaSettingsSchema } from "../../provider/schemas";
import type { SessionSettings, SsoSettings, XaaSettings } from "../types";
import type { LookupOptions } from "./config";
import { fetchMember } from "./fetch";
import { lookupOutput } from "./output";

/** The tenant's single-sign-on provider settings (spec 2.11). */
export type SsoSettingsInfo = SsoSettings;
/** The tenant's cross-app-access issuer settings (spec 2.11). */
export type CrossAppAccessSettingsInfo = XaaSettings;
/** The tenant's session security settings, address allowlists included (spec 2.11). */
export type SessionSettingsInfo = SessionSettings;

function readSetting<S extends z.ZodType>(
  lookup: string,
  path: string,
  member: string,
  schema: S,
): (options?: LookupOptions) => Promise<z.output<S>> {
  return (options) => fetchMember(lookup, options, { path, member, schema });
}

const readSso = readSetting("getSsoSettings", "/api/v1/settings/sso", "settings", ssoSettingsSchema);
const readXaa = readSetting(
  "getCrossAppAccessSettings",
  "/api/v1/settings/cross-app-access",
  "settings",
  xaaSettingsSchema,
);
const readSession = readSetting(
  "getSessionSettings",
  "/api/v1/settings/session",
  "sessionSettings",
  sessionSettingsSchema,
);

/** The tenant's single-sign-on provider settings (`GET /api/v1/settings/sso`). */
export function getSsoSettings(options?: LookupOptions): Promise<SsoSettingsInfo> {
  return readSso(options);
}

/** {@link getSsoSettings} answering an Output. */
export function getSsoSettingsOutput(options?: LookupOptions): pulumi.Output<SsoSettingsInfo> {
  return lookupOutput((_args: object, lookupOptions) => readSso(lookupOptions), {}, options);
}

/** The tenant's cross-app-access settings (`GET /api/v1/settings/cross-app-access`). */
export function getCrossAppAccessSettings(options?: LookupOptions): Promise<CrossAppAccessSettingsInfo> {
  return readXaa(options);
}

/** {@link getCrossAppAccessSettings} answering an Output. */
export function getCrossAppAccessSettingsOutput(
  options?: LookupOptions,
): pulumi.Output<CrossAppAccessSettingsInfo> {
  return lookupOutput((_args: object, lookupOptions) => readXaa(lookupOptions), {}, options);
}

/** The tenant's session settings (`GET /api/v1/settings/session`). */
export function getSessionSettings(options?: LookupOptions): Promise<SessionSettingsInfo> {
  return readSession(options);
}

/** {@link getSessionSettings} answering an Output. */
export function getSessionSettingsOutput(options?: LookupOptions): pulumi.Output<SessionSettingsInfo> {
  return lookupOutput((_args: object, lookupOptions) => readSession(lookupOptions), {}, options);
}
