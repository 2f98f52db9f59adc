import type * as pulumi from "@pulumi/pulumi";
import * as plain from "../../provider/lookups/getters";
import type { GetByIdArgs, GetAppResourceArgs } from "../../provider/lookups/args";
import type { App, AppResourceView, AuthConfig, RequestCatalogView } from "../types";
import type { AutomationInfo } from "./automations";
import { type LookupOptions, programOptions } from "./config";
import { lookupOutput, type LookupInputs } from "./output";

export type { GetByIdArgs, GetAppResourceArgs };

/** An app as the service returns it (spec 2.6), owners included; unknown fields and enum values are kept. */
export type AppInfo = App;
/** A request catalog with its member count and paths (spec 2.4, RequestCatalogView). */
export type RequestCatalogInfo = RequestCatalogView;
/** An authentication-provider configuration (spec 2.3). */
export type AuthConfigInfo = AuthConfig;
/** An app resource with its paths and the caller's permissions (spec 2.8, AppResourceView). */
export type AppResourceInfo = AppResourceView;

/** One app by id (`GET /api/v1/apps/{id}`). */
export function getApp(args: GetByIdArgs, options?: LookupOptions): Promise<AppInfo> {
  return plain.getApp(args, programOptions(options));
}

/** {@link getApp} with Pulumi inputs, answering an Output. */
export function getAppOutput(
  args: LookupInputs<GetByIdArgs>,
  options?: LookupOptions,
): pulumi.Output<AppInfo> {
  return lookupOutput(getApp, args, options);
}

/** One request catalog by id, as its view (`GET /api/v1/catalogs/{id}`): the catalog is `requestCatalog`. */
export function getRequestCatalog(args: GetByIdArgs, options?: LookupOptions): Promise<RequestCatalogInfo> {
  return plain.getRequestCatalog(args, programOptions(options));
}

/** {@link getRequestCatalog} with Pulumi inputs, answering an Output. */
export function getRequestCatalogOutput(
  args: LookupInputs<GetByIdArgs>,
  options?: LookupOptions,
): pulumi.Output<RequestCatalogInfo> {
  return lookupOutput(getRequestCatalog, args, options);
}

/** One automation by id (`GET /api/v1/automations/{id}`). The webhook secret is never part of a read. */
export function getAutomation(args: GetByIdArgs, options?: LookupOptions): Promise<AutomationInfo> {
  return plain.getAutomation(args, programOptions(options));
}

/** {@link getAutomation} with Pulumi inputs, answering an Output. */
export function getAutomationOutput(
  args: LookupInputs<GetByIdArgs>,
  options?: LookupOptions,
): pulumi.Output<AutomationInfo> {
  return lookupOutput(getAutomation, args, options);
}

/** One authentication-provider configuration by id (`GET /api/v1/auth-configs/{id}`). */
export function getAuthConfig(args: GetByIdArgs, options?: LookupOptions): Promise<AuthConfigInfo> {
  return plain.getAuthConfig(args, programOptions(options));
}

/**
 * {@link getAuthConfig} with Pulumi inputs, answering an Output that is secret whenever the answer carries an
 * `oidcClientSecret`, even a masked one.
 */
export function getAuthConfigOutput(
  args: LookupInputs<GetByIdArgs>,
  options?: LookupOptions,
): pulumi.Output<AuthConfigInfo> {
  return lookupOutput(getAuthConfig, args, options, plain.carriesClientSecret);
}

/**
 * One app resource, as its view
 * (`GET /api/v1/apps/{app_id}/resource_types/{app_resource_type_id}/resources/{id}`): the resource is
 * `appResource`.
 */
export function getAppResource(args: GetAppResourceArgs, options?: LookupOptions): Promise<AppResourceInfo> {
  return plain.getAppResource(args, programOptions(options));
}

/** {@link getAppResource} with Pulumi inputs, answering an Output. */
export function getAppResourceOutput(
  args: LookupInputs<GetAppResourceArgs>,
  options?: LookupOptions,
): pulumi.Output<AppResourceInfo> {
  return lookupOutput(getAppResource, args, options);
}
