export { App, type AppArgs } from "./App";
export { Automation, type AutomationArgs, type AutomationStepArgs } from "./Automation";
export type { AdoptionArgs } from "./controls";
export { RequestCatalog, type EntitlementRef, type RequestCatalogArgs } from "./RequestCatalog";
