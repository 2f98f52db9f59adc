import { enumeration, list, number, string, timestamp, type MessageModel } from "./model";

/** RoleMiningSuggestion (spec 2.10); served read-only through the role-mining search. */
export const ROLE_MINING_SUGGESTION_MODEL: MessageModel = {
  id: string(),
  runId: string(),
  suggestedName: string(),
  description: string(),
  createdCatalogId: string(),
  suggestionState: enumeration("SUGGESTION_STATE_UNSPECIFIED"),
  avgCoverage: number(),
  cohortSize: number(),
  confidence: number(),
  dimensionCount: number(),
  usersWithAll: number(),
  cohortFilters: list(),
  entitlements: list(),
  existingProfileMatches: list(),
  insights: list(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  lastGeneratedAt: timestamp(),
};
