export { impactOf } from "./impactOf";
export { plannedChange, type ChangeFacts } from "./plannedChange";
export { impactRulesOf, type CountSource, type ImpactRule } from "./rules";
export type { Impact, ImpactOperation, PlannedChange } from "./types";
