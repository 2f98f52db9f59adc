import type * as pulumi from "@pulumi/pulumi";
import { roleMiningSuggestionSchema, searchRoleMiningBodySchema } from "../../provider/schemas";
import type { RoleMiningSuggestion } from "../types";
import type { PagingArgs } from "./arguments";
import type { LookupOptions } from "./config";
import { lookupOutput, type LookupInputs } from "./output";
import { searchAll, type SearchSpec } from "./search";

/** A role-mining suggestion (spec 2.10); unknown fields and enum values (e.g. new states) are kept. */
export type RoleMiningSuggestionInfo = RoleMiningSuggestion;

/** Filters of {@link searchRoleMiningSuggestions} (spec 4, `POST /api/v1/search/role-mining/suggestions`). */
export interface SearchRoleMiningSuggestionsArgs extends PagingArgs {
  /** Text matched against each suggestion's suggestedName, description and cohort filter values (rule 6). */
  query?: string;
  /** e.g. `SUGGESTION_STATE_NEW`; states newer than this package pass through. */
  states?: string[];
  /** Suggestions with an existing-catalog match of these kinds, e.g. `ACCESS_PROFILE_MATCH_TYPE_EXACT`. */
  matchTypes?: string[];
  /** Cohort kinds: the attribute of a cohort filter, for example `department`, `jobTitle` or `manager`. */
  cohortTypes?: string[];
}

const LOOKUP = "searchRoleMiningSuggestions";
const FILTER_KEYS = ["query", "states", "matchTypes", "cohortTypes"] as const;
const ENUM_PREFIXES = { states: "SUGGESTION_STATE_", matchTypes: "ACCESS_PROFILE_MATCH_TYPE_" };

const SEARCH: SearchSpec<typeof roleMiningSuggestionSchema> = {
  lookup: LOOKUP,
  path: "/api/v1/search/role-mining/suggestions",
  filterKeys: FILTER_KEYS,
  bodySchema: searchRoleMiningBodySchema,
  enumPrefixes: ENUM_PREFIXES,
  itemSchema: roleMiningSuggestionSchema,
};

/**
 * Searches the tenant's role-mining suggestions and answers every match, in the service's order, paging by
 * itself (`pageSize` 10 by default: rows are large, spec 4 rule 5). `query` matches a suggestion's
 * suggestedName, its description and the values of its cohort filters (spec 4 rule 6).
 */
export async function searchRoleMiningSuggestions(
  args: SearchRoleMiningSuggestionsArgs = {},
  options?: LookupOptions,
): Promise<RoleMiningSuggestionInfo[]> {
  return searchAll(SEARCH, args, options);
}

/** {@link searchRoleMiningSuggestions} with Pulumi inputs, answering an Output. */
export function searchRoleMiningSuggestionsOutput(
  args?: LookupInputs<SearchRoleMiningSuggestionsArgs>,
  options?: LookupOptions,
): pulumi.Output<RoleMiningSuggestionInfo[]> {
  return lookupOutput(searchRoleMiningSuggestions, args, options);
}
