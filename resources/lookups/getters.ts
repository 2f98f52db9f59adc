import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../../provider/client/paths";
import {
  appResourceViewSchema,
  appSchema,
  authConfigSchema,
  automationSchema,
  requestCatalogViewSchema,
  AUTH_CONFIG_PROVIDER_ONEOF,
} from "../../provider/schemas";
import type { App, AppResourceView, AuthConfig, RequestCatalogView } from "../types";
import { checkArgKeys, requireId } from "./arguments";
import type { AutomationInfo } from "./automations";
import type { LookupOptions } from "./config";
import { fetchMember } from "./fetch";
import { lookupOutput, type LookupInputs } from "./output";

/** An app as the service returns it (spec 2.6), owners included; unknown fields and enum values are kept. */
export type AppInfo = App;
/** A request catalog with its member count and paths (spec 2.4, RequestCatalogView). */
export type RequestCatalogInfo = RequestCatalogView;
/** An authentication-provider configuration (spec 2.3). */
export type AuthConfigInfo = AuthConfig;
/** An app resource with its paths and the caller's permissions (spec 2.8, AppResourceView). */
export type AppResourceInfo = AppResourceView;

/** Arguments of the get-by-id lookups of {@link getApp}, {@link getRequestCatalog}, {@link getAutomation}, {@link getAuthConfig}. */
export interface GetByIdArgs {
  /** The object's id. Required. */
  id: string;
}

/** Arguments of {@link getAppResource}: the resource's app, its resource type and its id, all required. */
export interface GetAppResourceArgs {
  appId: string;
  appResourceTypeId: string;
  id: string;
}

function idOf(lookup: string, args: unknown): string {
  return requireId(lookup, checkArgKeys(lookup, args, ["id"]), "id");
}

/** One app by id (`GET /api/v1/apps/{id}`). */
export async function getApp(args: GetByIdArgs, options?: LookupOptions): Promise<AppInfo> {
  const id = idOf("getApp", args);
  return fetchMember("getApp", options, {
    path: apiPath`/api/v1/apps/${id}`,
    member: "app",
    schema: appSchema,
  });
}

/** {@link getApp} with Pulumi inputs, answering an Output. */
export function getAppOutput(
  args: LookupInputs<GetByIdArgs>,
  options?: LookupOptions,
): pulumi.Output<AppInfo> {
  return lookupOutput(getApp, args, options);
}

/** One request catalog by id, as its view (`GET /api/v1/catalogs/{id}`): the catalog is `requestCatalog`. */
export async function getRequestCatalog(
  args: GetByIdArgs,
  options?: LookupOptions,
): Promise<RequestCatalogInfo> {
  const id = idOf("getRequestCatalog", args);
  return fetchMember("getRequestCatalog", options, {
    path: apiPath`/api/v1/catalogs/${id}`,
    member: "requestCatalogView",
    schema: requestCatalogViewSchema,
  });
}

/** {@link getRequestCatalog} with Pulumi inputs, answering an Output. */
export function getRequestCatalogOutput(
  args: LookupInputs<GetByIdArgs>,
  options?: LookupOptions,
): pulumi.Output<RequestCatalogInfo> {
  return lookupOutput(getRequestCatalog, args, options);
}

/** One automation by id (`GET /api/v1/automations/{id}`). The webhook secret is never part of a read. */
export async function getAutomation(args: GetByIdArgs, options?: LookupOptions): Promise<AutomationInfo> {
  const id = idOf("getAutomation", args);
  return fetchMember("getAutomation", options, {
    path: apiPath`/api/v1/automations/${id}`,
    member: "automation",
    schema: automationSchema,
  });
}

/** {@link getAutomation} with Pulumi inputs, answering an Output. */
export function getAutomationOutput(
  args: LookupInputs<GetByIdArgs>,
  options?: LookupOptions,
): pulumi.Output<AutomationInfo> {
  return lookupOutput(getAutomation, args, options);
}

/** One authentication-provider configuration by id (`GET /api/v1/auth-configs/{id}`). */
export async function getAuthConfig(args: GetByIdArgs, options?: LookupOptions): Promise<AuthConfigInfo> {
  const id = idOf("getAuthConfig", args);
  return fetchMember("getAuthConfig", options, {
    path: apiPath`/api/v1/auth-configs/${id}`,
    member: "authConfig",
    schema: authConfigSchema,
  });
}

/** Whether any provider member carries a non-empty `oidcClientSecret` (the service usually masks it). */
export function carriesClientSecret(config: AuthConfigInfo): boolean {
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
 * {@link getAuthConfig} with Pulumi inputs, answering an Output that is secret whenever the answer carries an
 * `oidcClientSecret`, even a masked one.
 */
export function getAuthConfigOutput(
  args: LookupInputs<GetByIdArgs>,
  options?: LookupOptions,
): pulumi.Output<AuthConfigInfo> {
  return lookupOutput(getAuthConfig, args, options, carriesClientSecret);
}

/**
 * One app resource, as its view
 * (`GET /api/v1/apps/{app_id}/resource_types/{app_resource_type_id}/resources/{id}`): the resource is
 * `appResource`.
 */
export async function getAppResource(
  args: GetAppResourceArgs,
  options?: LookupOptions,
): Promise<AppResourceInfo> {
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

/** {@link getAppResource} with Pulumi inputs, answering an Output. */
export function getAppResourceOutput(
  args: LookupInputs<GetAppResourceArgs>,
  options?: LookupOptions,
): pulumi.Output<AppResourceInfo> {
  return lookupOutput(getAppResource, args, options);
}
