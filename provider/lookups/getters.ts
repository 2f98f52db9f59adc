import { apiPath } from "../client/paths";
import {
  appResourceViewSchema,
  appSchema,
  authConfigSchema,
  automationSchema,
  requestCatalogViewSchema,
  AUTH_CONFIG_PROVIDER_ONEOF,
} from "../schemas";
import { checkArgKeys, requireId } from "./arguments";
import type { LookupOptions } from "./options";
import { fetchMember } from "./fetch";
import type { GetByIdArgs, GetAppResourceArgs } from "./args";

function idOf(lookup: string, args: unknown): string {
  return requireId(lookup, checkArgKeys(lookup, args, ["id"]), "id");
}

/** One app by id (`GET /api/v1/apps/{id}`). */
export async function getApp(args: GetByIdArgs, options?: LookupOptions) {
  const id = idOf("getApp", args);
  return fetchMember("getApp", options, {
    path: apiPath`/api/v1/apps/${id}`,
    member: "app",
    schema: appSchema,
  });
}

/** One request catalog by id, as its view (`GET /api/v1/catalogs/{id}`): the catalog is `requestCatalog`. */
export async function getRequestCatalog(args: GetByIdArgs, options?: LookupOptions) {
  const id = idOf("getRequestCatalog", args);
  return fetchMember("getRequestCatalog", options, {
    path: apiPath`/api/v1/catalogs/${id}`,
    member: "requestCatalogView",
    schema: requestCatalogViewSchema,
  });
}

/** One automation by id (`GET /api/v1/automations/{id}`). The webhook secret is never part of a read. */
export async function getAutomation(args: GetByIdArgs, options?: LookupOptions) {
  const id = idOf("getAutomation", args);
  return fetchMember("getAutomation", options, {
    path: apiPath`/api/v1/automations/${id}`,
    member: "automation",
    schema: automationSchema,
  });
}

/** One authentication-provider configuration by id (`GET /api/v1/auth-configs/{id}`). */
export async function getAuthConfig(args: GetByIdArgs, options?: LookupOptions) {
  const id = idOf("getAuthConfig", args);
  return fetchMember("getAuthConfig", options, {
    path: apiPath`/api/v1/auth-configs/${id}`,
    member: "authConfig",
    schema: authConfigSchema,
  });
}

/** Whether any provider member carries a non-empty `oidcClientSecret` (the service usually masks it). */
export function carriesClientSecret(config: object): boolean {
  return AUTH_CONFIG_PROVIDER_ONEOF.members.some((member) => {
    const value = (config as Record<string, unknown>)[member];
    const secret =
      typeof value === "object" && value !== null
        ? (value as Record<string, unknown>)["oidcClientSecret"]
        : undefined;
    return typeof secret === "string" && secret !== "";
  });
}

/**
 * One app resource, as its view
 * (`GET /api/v1/apps/{app_id}/resource_types/{app_resource_type_id}/resources/{id}`): the resource is
 * `appResource`.
 */
export async function getAppResource(args: GetAppResourceArgs, options?: LookupOptions) {
  const lookup = "getAppResource";
  const checked = checkArgKeys(lookup, args, ["appId", "appResourceTypeId", "id"]);
  const appId = requireId(lookup, checked, "appId");
  const typeId = requireId(lookup, checked, "appResourceTypeId");
  const id = requireId(lookup, checked, "id");
  return fetchMember(lookup, options, {
    path: apiPath`/api/v1/apps/${appId}/resource_types/${typeId}/resources/${id}`,
    member: "appResourceView",
    schema: appResourceViewSchema,
  });
}
