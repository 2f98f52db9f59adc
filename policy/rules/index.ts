import type { Rule } from "../rule";
import { requiredAnnotations } from "./annotations";
import { appApproval, appOwners } from "./app";
import { automationCircuitBreaker } from "./automation";
import { catalogVisibility } from "./catalog";
import { secretsFromConfig } from "./secrets";
import { sessionLength, ssoEnforced } from "./settings";

/** Every rule of the pack, in the order the reference lists them. */
export const RULES: readonly Rule[] = [
  appOwners,
  appApproval,
  catalogVisibility,
  sessionLength,
  ssoEnforced,
  requiredAnnotations,
  secretsFromConfig,
  automationCircuitBreaker,
];
