import * as pulumi from "@pulumi/pulumi";
import {
  RequestCatalog,
  getAppOutput,
  getSessionPolicyOutput,
  listAppEntitlementOwnersOutput,
  listAppOwnersOutput,
  searchAutomationsOutput,
  searchRoleMiningSuggestionsOutput,
} from "pulumi-idgov";

const config = new pulumi.Config();
// The app whose owners' entitlements are bundled (the emulator's seeded GitHub app by default).
const appId = config.get("appId") ?? "app-github";
// The owner role whose entitlements are bundled.
const ownerRole = config.get("ownerRole") ?? "owner";

const app = getAppOutput({ id: appId });
const owners = listAppOwnersOutput({ appId });
// Entitlement-owner rows of the app (the v2 list): each holds an entitlement and the owner role on it.
const ownedEntitlements = listAppEntitlementOwnersOutput({ appId, roleSlug: ownerRole });

// A catalog bundling every entitlement the app's owners hold, so a new owner requests them at once.
const ownerKit = new RequestCatalog("owner-kit", {
  displayName: pulumi.interpolate`${app.displayName} owner kit`,
  description: owners.apply((list) => `The entitlements held by the ${list.length} owners of this app.`),
  published: true,
  requestBundle: true,
  accessEntitlements: ownedEntitlements.apply((rows) =>
    rows.flatMap(({ appEntitlement }) =>
      appEntitlement?.id ? [{ appId: appEntitlement.appId ?? appId, id: appEntitlement.id }] : [],
    ),
  ),
  annotations: { team: "platform" },
});

// The most confident role-mining suggestion nobody has looked at yet, drafted as an unpublished catalog.
const topSuggestion = searchRoleMiningSuggestionsOutput({ states: ["SUGGESTION_STATE_NEW"], limit: 1 }).apply(
  (found) => found[0],
);
const suggestedRole = new RequestCatalog("suggested-role", {
  displayName: topSuggestion.apply((item) => `Suggested: ${item?.suggestedName ?? "no new suggestion"}`),
  description: topSuggestion.apply((item) => item?.description ?? ""),
  published: false,
  accessEntitlements: topSuggestion.apply((item) =>
    (item?.entitlements ?? []).flatMap(({ appId: entitlementAppId, entitlementId }) =>
      entitlementAppId && entitlementId ? [{ appId: entitlementAppId, id: entitlementId }] : [],
    ),
  ),
  annotations: { source: "role-mining" },
});

export const ownerEmails = owners.apply((list) => list.map((owner) => owner.email));
export const ownerKitId = ownerKit.id;
export const ownerKitEntitlements = ownerKit.accessEntitlements;
export const suggestedRoleId = suggestedRole.id;
export const suggestionId = topSuggestion.apply((item) => item?.id);
// Automations switched off, by hand or by their circuit breaker: a list worth reviewing.
export const disabledAutomations = searchAutomationsOutput({
  statuses: ["AUTOMATION_STATUS_FILTER_OFF"],
  isDraft: false,
}).apply((list) => list.map((automation) => automation.displayName));
export const defaultAccessTokenTtlSeconds = getSessionPolicyOutput({
  id: config.get("sessionPolicyId") ?? "sp-default",
}).accessTokenTtlSeconds;
