import { z } from "zod";
import { appResourceCreateOnlyShape, appResourceWritableSchema } from "./appResource";
import { AUTH_CONFIG_PROVIDER_ONEOF, authConfigWritableSchema, authConfigWritableShape } from "./authConfig";
import { oneofRefinement } from "./oneof";
import { requestObject } from "./primitives";
import {
  createAnnotationsSchema,
  expandMaskSchema,
  requiredDisplayNameSchema,
  updateMaskSchema,
} from "./requestParts";
import {
  sessionSettingsWritableSchema,
  ssoSettingsWritableSchema,
  xaaSettingsWritableSchema,
} from "./settings";

/** `POST /api/v1/auth-configs` (reference 4): `displayName` required, at most one provider member. */
export const authConfigCreateBodySchema = requestObject({
  ...authConfigWritableShape,
  displayName: requiredDisplayNameSchema,
}).superRefine(oneofRefinement(AUTH_CONFIG_PROVIDER_ONEOF));
export type AuthConfigCreateBody = z.infer<typeof authConfigCreateBodySchema>;

/** `POST /api/v1/auth-configs/{id}` (spec 4). */
export const authConfigUpdateBodySchema = requestObject({
  authConfig: authConfigWritableSchema,
  updateMask: updateMaskSchema,
});
export type AuthConfigUpdateBody = z.infer<typeof authConfigUpdateBodySchema>;

/** `POST /api/v1/apps/{app_id}/resource_types/{app_resource_type_id}/resources` (reference 4): what a create takes. */
export const appResourceCreateBodySchema = requestObject({
  displayName: requiredDisplayNameSchema,
  description: z.string().optional(),
  matchConnectorId: z.string().optional(),
  ...appResourceCreateOnlyShape,
  annotations: createAnnotationsSchema,
});
export type AppResourceCreateBody = z.infer<typeof appResourceCreateBodySchema>;

/** `POST …/resources/{id}` (spec 4). */
export const appResourceUpdateBodySchema = requestObject({
  appResource: appResourceWritableSchema,
  expandMask: expandMaskSchema.optional(),
  updateMask: updateMaskSchema,
});
export type AppResourceUpdateBody = z.infer<typeof appResourceUpdateBodySchema>;

/** `POST /api/v1/settings/sso` (spec 4): both `settings` and `updateMask` required (reference 4). */
export const ssoSettingsUpdateBodySchema = requestObject({
  settings: ssoSettingsWritableSchema,
  updateMask: updateMaskSchema,
});
export type SsoSettingsUpdateBody = z.infer<typeof ssoSettingsUpdateBodySchema>;

/** `POST /api/v1/settings/cross-app-access` (spec 4). */
export const xaaSettingsUpdateBodySchema = requestObject({
  settings: xaaSettingsWritableSchema,
  updateMask: updateMaskSchema,
});
export type XaaSettingsUpdateBody = z.infer<typeof xaaSettingsUpdateBodySchema>;

/** `POST /api/v1/settings/session` (spec 4). */
export const sessionSettingsUpdateBodySchema = requestObject({
  sessionSettings: sessionSettingsWritableSchema,
  updateMask: updateMaskSchema,
});
export type SessionSettingsUpdateBody = z.infer<typeof sessionSettingsUpdateBodySchema>;
