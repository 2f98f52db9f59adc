import { Router } from "../router";
import { registerAccessReviewRoutes } from "./accessReviews";
import { registerAppResourceRoutes } from "./appResources";
import { registerAppRoutes } from "./apps";
import { registerAuthConfigRoutes } from "./authConfigs";
import { registerAutomationRoutes } from "./automations";
import { registerCatalogRoutes } from "./catalogs";
import { registerSettingsRoutes } from "./settings";

/** Every API route of the emulator. */
export function buildRouter(): Router {
  const router = new Router();
  registerAppRoutes(router);
  registerAppResourceRoutes(router);
  registerCatalogRoutes(router);
  registerAutomationRoutes(router);
  registerSettingsRoutes(router);
  registerAuthConfigRoutes(router);
  registerAccessReviewRoutes(router);
  return router;
}
