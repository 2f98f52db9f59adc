import { App, RequestCatalog, listAppEntitlementOwnersOutput } from "pulumi-idgov";

/** The app whose owners' entitlements the kit bundles: the emulator's seeded GitHub app. */
const appId = "app-github";

/** The app, adopted: it already exists in the tenant. */
export const github = new App("github", { adoptId: appId, description: "Source control" });

/** Every entitlement the app's owners hold, read from the tenant by a lookup. */
const ownerRows = listAppEntitlementOwnersOutput({ appId, roleSlug: "owner" });

/** A catalog bundling those entitlements, so a new owner requests them at once. */
export const ownerKit = new RequestCatalog("owner-kit", {
  displayName: "GitHub owner kit",
  published: true,
  accessEntitlements: ownerRows.apply((rows) =>
    rows.flatMap(({ appEntitlement }) => (appEntitlement?.id ? [{ appId, id: appEntitlement.id }] : [])),
  ),
  annotations: { team: "platform" },
});
