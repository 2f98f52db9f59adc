import { automationSchema, searchAutomationsBodySchema } from "../schemas";
import type { LookupOptions } from "./options";
import { searchAll, type SearchSpec } from "./search";
import type { SearchAutomationsArgs } from "./args";

const LOOKUP = "searchAutomations";
const ENUM_PREFIXES = {
  statuses: "AUTOMATION_STATUS_FILTER_",
  triggerTypes: "TRIGGER_TYPE_",
  sortField: "AUTOMATION_SORT_FIELD_",
  direction: "SORT_DIRECTION_",
};
const FILTER_KEYS = [
  "appId",
  "appIds",
  "isDraft",
  "query",
  "refs",
  "statuses",
  "triggerTypes",
  "sortField",
  "direction",
] as const;

const SEARCH: SearchSpec<typeof automationSchema> = {
  lookup: LOOKUP,
  path: "/api/v1/search/automations",
  filterKeys: FILTER_KEYS,
  bodySchema: searchAutomationsBodySchema,
  enumPrefixes: ENUM_PREFIXES,
  itemSchema: automationSchema,
};

/**
 * Searches the tenant's automations and answers every match, in the service's order, paging by itself
 * (`pageSize` 10 by default: rows are large, spec 4 rule 5). The service's rules (spec 4):
 *
 * 1. When `appIds` is non-empty it supersedes `appId`; when it is empty the service falls back to `appId`.
 * 2. `isDraft` unset returns drafts and published automations; `true` returns drafts only; `false` returns
 *    published automations only.
 * 3. `statuses` that is empty, or holds both `AUTOMATION_STATUS_FILTER_ON` and `_OFF`, applies no status filter.
 * 4. `direction` `SORT_DIRECTION_UNSPECIFIED` (or unset) is ascending when `sortField` is set; with neither set,
 *    the order is `createdAt` descending.
 *
 * A malformed or unknown argument, or an enumeration value without its prefix (`"ON"` for
 * `AUTOMATION_STATUS_FILTER_ON`), throws `IdgovArgumentError` before any request.
 */
export async function searchAutomations(args: SearchAutomationsArgs = {}, options?: LookupOptions) {
  return searchAll(SEARCH, args, options);
}
