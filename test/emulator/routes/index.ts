import { Router } from "../router";
import { registerAppRoutes } from "./apps";

/** Every API route of the emulator. */
export function buildRouter(): Router {
  const router = new Router();
  registerAppRoutes(router);
  return router;
}
