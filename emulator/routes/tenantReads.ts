import { PAPER_SECRET_MODEL } from "../models/discovery";
import { materialize } from "../models/materialize";
import type { Router } from "../router";
import { requireRecord } from "../store";

/**
 * The read-only single objects of spec 4: session policies, credential-inventory policies, a
 * shared secret's metadata (administrator view, rule 12: built from the metadata model alone, so
 * the content never leaves the store) and the calling user's notification settings.
 */
export function registerTenantReadRoutes(router: Router): void {
  router.on("GET", "/api/v1/session-policies/:id", ({ params, store }) => ({
    sessionPolicy: requireRecord(store.state.sessionPolicies, params["id"] ?? "", "session policy"),
  }));

  router.on("GET", "/api/v1/credential-inventory-policies/:id", ({ params, store }) => ({
    credentialInventoryPolicy: requireRecord(
      store.state.credentialInventoryPolicies,
      params["id"] ?? "",
      "credential inventory policy",
    ),
  }));

  router.on("GET", "/api/v1/secrets-admin/:vaultId", ({ params, store }) => ({
    secret: materialize(
      requireRecord(store.state.secrets, params["vaultId"] ?? "", "secret"),
      PAPER_SECRET_MODEL,
    ),
  }));

  router.on("GET", "/api/v1/settings/notifications/user", ({ store }) => ({
    userNotificationSettings: store.state.userNotificationSettings,
  }));
}
