export { impactOf } from "./impactOf";
export { impactRulesOf, type CountSource, type ImpactRule } from "./rules";
export type { Impact, ImpactOperation, PlannedChange } from "./types";
