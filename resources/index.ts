export { App, type AppArgs } from "./App";
export { Automation, type AutomationArgs, type AutomationStepArgs } from "./Automation";
export type { AdoptionArgs } from "./controls";
export { RequestCatalog, type EntitlementRef, type RequestCatalogArgs } from "./RequestCatalog";
export * from "./lookups";
export {
  IdgovApiError,
  IdgovConfigError,
  IdgovError,
  IdgovNotFoundError,
  IdgovResponseSchemaError,
} from "../provider/errors";
