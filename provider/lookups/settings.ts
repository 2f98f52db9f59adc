import type { z } from "zod";
import { sessionSettingsSchema, ssoSettingsSchema, xaaSettingsSchema } from "../schemas";
import type { LookupOptions } from "./options";
import { fetchMember } from "./fetch";

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
export function getSsoSettings(options?: LookupOptions) {
  return readSso(options);
}

/** The tenant's cross-app-access settings (`GET /api/v1/settings/cross-app-access`). */
export function getCrossAppAccessSettings(options?: LookupOptions) {
  return readXaa(options);
}

/** The tenant's session settings (`GET /api/v1/settings/session`). */
export function getSessionSettings(options?: LookupOptions) {
  return readSession(options);
}
