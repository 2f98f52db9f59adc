import { materialize } from "../models/materialize";
import { ROLE_MINING_SUGGESTION_MODEL } from "../models/roleMining";
import { SEED } from "../seed";
import type { JsonObject } from "../state";
import { seedTime } from "./clock";

/** A cohort the role-mining runs found: its filters, a name, a description and the entitlements it shares. */
interface Cohort {
  name: string;
  description: string;
  filters: { attribute: string; values: string[] }[];
  entitlementIds: string[];
}

const COHORTS: readonly Cohort[] = [
  {
    name: "Engineering core",
    description: "Every engineer holds these grants.",
    filters: [{ attribute: "department", values: ["Engineering"] }],
    entitlementIds: ["ent-github-org-member", "ent-aws-readonly"],
  },
  {
    name: "Payments on-call",
    description: "Engineers paged for the payments platform.",
    filters: [
      { attribute: "department", values: ["Engineering", "Platform"] },
      { attribute: "jobTitle", values: ["Staff Engineer", "Platform Engineer"] },
    ],
    entitlementIds: ["ent-aws-admin", "ent-github-repo-maintain"],
  },
  {
    name: "Security reviewers",
    description: "Reviewers of the quarterly access certification.",
    filters: [{ attribute: "jobTitle", values: ["Security Engineer", "Security Architect", "CISO"] }],
    entitlementIds: ["ent-github-org-admin", "ent-aws-readonly"],
  },
  {
    name: "Finance analysts",
    description: "Billing and reporting access for finance.",
    filters: [{ attribute: "department", values: ["Finance"] }],
    entitlementIds: ["ent-aws-billing"],
  },
  {
    name: "Grace's directs",
    description: "People managed by the engineering manager.",
    filters: [{ attribute: "manager", values: ["user-0002"] }],
    entitlementIds: ["ent-github-org-member", "ent-github-repo-maintain"],
  },
  {
    name: "Sales field team",
    description: "Account executives and sales engineers.",
    filters: [{ attribute: "department", values: ["Sales"] }],
    entitlementIds: ["ent-salesforce-sales-user"],
  },
  {
    name: "Office cohort",
    description: "Everyone seated in one office.",
    filters: [{ attribute: "location", values: ["Berlin"] }],
    entitlementIds: ["ent-github-org-member"],
  },
  {
    name: "IT administrators",
    description: "Systems and network administration.",
    filters: [
      { attribute: "department", values: ["IT"] },
      { attribute: "jobTitle", values: ["Systems Administrator", "IT Manager"] },
    ],
    entitlementIds: ["ent-aws-admin", "ent-salesforce-admin"],
  },
  {
    name: "Data team",
    description: "Analytics warehouse readers.",
    filters: [{ attribute: "department", values: ["Data"] }],
    entitlementIds: ["ent-aws-readonly"],
  },
  {
    name: "Contractors",
    description: "Short-term staff with the smallest footprint.",
    filters: [{ attribute: "employmentType", values: ["Contractor"] }],
    entitlementIds: ["ent-github-org-member"],
  },
];

/** Catalogs compared with each suggestion; the last match type is one the spec does not list. */
const MATCHES: readonly [string, string, string][] = [
  ["cat-engineering", "Engineering essentials", "ACCESS_PROFILE_MATCH_TYPE_EXACT"],
  ["cat-finance", "Finance tools", "ACCESS_PROFILE_MATCH_TYPE_SUPERSET"],
  ["cat-privileged-bundle", "Privileged operations bundle", "ACCESS_PROFILE_MATCH_TYPE_PARTIAL"],
  // Deliberately unknown member (not in wire-schemas.json): clients must carry it through.
  ["cat-sales-onboarding", "Sales onboarding", "ACCESS_PROFILE_MATCH_TYPE_SUBSET"],
];

const APP_NAMES: Record<string, string> = {
  "app-github": "GitHub",
  "app-aws": "AWS Production",
  "app-salesforce": "Salesforce",
};

function entitlementRow(id: string, index: number): JsonObject {
  const ref = SEED.entitlements.find((entitlement) => entitlement.id === id);
  const appId = ref?.appId ?? "";
  return {
    appDisplayName: APP_NAMES[appId] ?? appId,
    appId,
    appResourceDisplayName: "",
    appResourceTypeDisplayName: "",
    entitlementDisplayName: id.replace(/^ent-[a-z]+-/, "").replace(/-/g, " "),
    entitlementId: id,
    riskLevelValueId: id.endsWith("admin") ? "risk-critical" : "risk-low",
    coverage: 0.95 - index * 0.1,
    grantedCount: 40 - index * 7,
  };
}

function suggestion(index: number): JsonObject {
  const cohort = COHORTS[index % COHORTS.length] ?? COHORTS[0]!;
  const run = Math.floor(index / COHORTS.length);
  const state = SEED.roleMining.states[index % SEED.roleMining.states.length];
  const entitlements = cohort.entitlementIds.map(entitlementRow);
  const matches = index % 3 === 2 ? [] : [MATCHES[index % MATCHES.length]!];
  return {
    id: `rms-${String(index + 1).padStart(3, "0")}`,
    runId: `run-2026-0${run + 1}`,
    suggestedName: run === 0 ? cohort.name : `${cohort.name} (run ${run + 1})`,
    description: cohort.description,
    createdCatalogId: state === "SUGGESTION_STATE_ACCEPTED" ? (matches[0]?.[0] ?? "cat-engineering") : "",
    suggestionState: state,
    avgCoverage: Math.round((0.6 + (index % 7) * 0.05) * 100) / 100,
    cohortSize: 5 + ((index * 7) % 40),
    confidence: Math.round((0.55 + ((index * 11) % 30) * 0.015) * 1000) / 1000,
    dimensionCount: cohort.filters.length,
    usersWithAll: 3 + ((index * 5) % 30),
    cohortFilters: cohort.filters,
    entitlements,
    existingProfileMatches: matches.map(([catalogId, catalogDisplayName, matchType]) => ({
      catalogDisplayName,
      catalogId,
      matchType,
      missingEntitlements: matchType.endsWith("EXACT") ? [] : entitlements.slice(0, 1),
      overlapRatio: matchType.endsWith("EXACT") ? 1 : 0.5,
    })),
    insights: [`${cohort.filters.length} cohort dimension(s) explain this access.`],
    createdAt: seedTime(-60 + run * 20, index),
    updatedAt: seedTime(-50 + run * 20, index),
    lastGeneratedAt: seedTime(-60 + run * 20, index),
  };
}

/**
 * Role-mining suggestions in every state (one, SUPERSEDED, deliberately unknown to the document), with
 * profile matches of every type (one, SUBSET, deliberately unknown). Names, descriptions and cohort filter
 * values use distinct words so that query matching (spec 4 rule 6) can be told apart.
 */
export function seedRoleMiningSuggestions(): Record<string, JsonObject> {
  const suggestions: Record<string, JsonObject> = {};
  for (let index = 0; index < SEED.roleMining.count; index += 1) {
    const record = materialize(suggestion(index), ROLE_MINING_SUGGESTION_MODEL);
    suggestions[String(record["id"])] = record;
  }
  return suggestions;
}
