import { parseRequest } from "../model/request";
import { effectivePageSize, paginate } from "../pagination";
import type { Router } from "../router";
import type { JsonObject } from "../state";

/** A search body as checked against `RoleMiningSearchSuggestionsRequest` (null fields dropped). */
interface SearchRoleMiningBody {
  cohortTypes?: string[];
  matchTypes?: string[];
  pageSize?: number;
  pageToken?: string;
  query?: string;
  states?: string[];
}

/** The filters of one role-mining search, normalised. */
interface SuggestionFilter {
  /** Lower-cased text; "" matches all. */
  query: string;
  states: string[];
  matchTypes: string[];
  /** Lower-cased cohort attributes (e.g. `department`, `jobtitle`, `manager`). */
  cohortTypes: string[];
}

type CohortFilter = { attribute?: unknown; values?: unknown };

function cohortFilters(suggestion: JsonObject): CohortFilter[] {
  const filters = suggestion["cohortFilters"];
  return Array.isArray(filters) ? (filters as CohortFilter[]) : [];
}

/** Rule 6: the query matches suggestedName, description and the values of the cohort filters. */
function matchesQuery(suggestion: JsonObject, query: string): boolean {
  if (query === "") return true;
  const values = cohortFilters(suggestion).flatMap((filter) =>
    Array.isArray(filter.values) ? filter.values.map(String) : [],
  );
  return [String(suggestion["suggestedName"]), String(suggestion["description"]), ...values].some((text) =>
    text.toLowerCase().includes(query),
  );
}

function matchTypesOf(suggestion: JsonObject): string[] {
  const matches = suggestion["existingProfileMatches"];
  return Array.isArray(matches)
    ? matches.map((match: { matchType?: unknown }) => String(match.matchType))
    : [];
}

function matches(suggestion: JsonObject, filter: SuggestionFilter): boolean {
  if (filter.states.length > 0 && !filter.states.includes(String(suggestion["suggestionState"])))
    return false;
  if (
    filter.matchTypes.length > 0 &&
    !matchTypesOf(suggestion).some((type) => filter.matchTypes.includes(type))
  ) {
    return false;
  }
  if (
    filter.cohortTypes.length > 0 &&
    !cohortFilters(suggestion).some((cohort) =>
      filter.cohortTypes.includes(String(cohort.attribute).toLowerCase()),
    )
  ) {
    return false;
  }
  return matchesQuery(suggestion, filter.query);
}

function filterOf(body: SearchRoleMiningBody): SuggestionFilter {
  return {
    query: (body.query ?? "").trim().toLowerCase(),
    states: body.states ?? [],
    matchTypes: body.matchTypes ?? [],
    cohortTypes: (body.cohortTypes ?? []).map((type) => type.toLowerCase()),
  };
}

/** Suggestions that match, most confident first (ties by id ascending). */
function searchSuggestions(suggestions: Iterable<JsonObject>, filter: SuggestionFilter): JsonObject[] {
  return [...suggestions]
    .filter((suggestion) => matches(suggestion, filter))
    .sort((left, right) => {
      const byConfidence = Number(right["confidence"]) - Number(left["confidence"]);
      if (byConfidence !== 0) return byConfidence;
      return String(left["id"]) < String(right["id"]) ? -1 : 1;
    });
}

/**
 * `POST /api/v1/search/role-mining/suggestions` (spec 4, operation rules 5 and 6): `states`,
 * `matchTypes` (any existing profile match of these types) and `cohortTypes` (any cohort filter
 * on these attributes, case-insensitive) narrow the result; `query` is a case-insensitive
 * substring of suggestedName, description or a cohort filter value.
 */
export function registerRoleMiningRoute(router: Router): void {
  router.on("POST", "/api/v1/search/role-mining/suggestions", ({ body, store }) => {
    const parsed = parseRequest("roleMiningSearch", body) as SearchRoleMiningBody;
    const filter = filterOf(parsed);
    const found = searchSuggestions(Object.values(store.state.roleMiningSuggestions), filter);
    const pageSize = effectivePageSize(parsed.pageSize, "pageSize");
    const scope = `search/role-mining ${JSON.stringify(filter)}`;
    const page = paginate(found, pageSize, parsed.pageToken, scope, "pageToken");
    return {
      list: page.items,
      nextPageToken: page.nextPageToken,
    };
  });
}
