import { roleMiningSuggestionSchema, searchRoleMiningBodySchema } from "../schemas";
import type { LookupOptions } from "./options";
import { searchAll, type SearchSpec } from "./search";
import type { SearchRoleMiningSuggestionsArgs } from "./args";

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
) {
  return searchAll(SEARCH, args, options);
}
