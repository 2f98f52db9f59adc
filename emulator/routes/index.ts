import { Router } from "../router";
import { registerAccessReviewRoutes } from "./accessReviews";
import { registerAppResourceRoutes } from "./appResources";
import { registerAppRoutes } from "./apps";
import { registerAppSearchRoute } from "./appSearch";
import { registerAuthConfigRoutes } from "./authConfigs";
import { registerAutomationSearchRoute } from "./automationSearch";
import { registerAutomationRoutes } from "./automations";
import { registerCatalogRoutes } from "./catalogs";
import { registerMcpResourceRoute } from "./mcpResources";
import { registerOwnerRoutes } from "./owners";
import { registerRoleMiningRoute } from "./roleMining";
import { registerSettingsRoutes } from "./settings";
import { registerTenantReadRoutes } from "./tenantReads";

/** Every API route of the emulator. */
export function buildRouter(): Router {
  const router = new Router();
  registerAppRoutes(router);
  registerAppSearchRoute(router);
  registerOwnerRoutes(router);
  registerAppResourceRoutes(router);
  registerMcpResourceRoute(router);
  registerCatalogRoutes(router);
  registerAutomationRoutes(router);
  registerAutomationSearchRoute(router);
  registerRoleMiningRoute(router);
  registerSettingsRoutes(router);
  registerAuthConfigRoutes(router);
  registerAccessReviewRoutes(router);
  registerTenantReadRoutes(router);
  return router;
}
