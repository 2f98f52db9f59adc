import type * as pulumi from "@pulumi/pulumi";
import { automationSchema, searchAutomationsBodySchema } from "../../provider/schemas";
import type { Automation } from "../types";
import type { PagingArgs } from "./arguments";
import type { LookupOptions } from "./config";
import { lookupOutput, type LookupInputs } from "./output";
import { searchAll, type SearchSpec } from "./search";

/** An automation as the service returns it (spec 2.2); unknown fields and enum values are kept. */
export type AutomationInfo = Automation;

/** Filters and order of {@link searchAutomations} (spec 4, `POST /api/v1/search/automations`). */
export interface SearchAutomationsArgs extends PagingArgs {
  /** Automations of this app; ignored when `appIds` is non-empty (rule 1). */
  appId?: string;
  /** Automations of any of these apps; supersedes `appId` when non-empty (rule 1). */
  appIds?: string[];
  /** `true`: drafts only; `false`: published only; unset: both (rule 2). */
  isDraft?: boolean;
  /** Free text the service looks for in the automations (their names and descriptions). */
  query?: string;
  /** Only these automations, by id (`AutomationTemplateRef`: an automation is a template of its runs). */
  refs?: { id: string }[];
  /** `AUTOMATION_STATUS_FILTER_ON` (enabled) / `_OFF` (disabled); empty, or both, means no status filter (rule 3). */
  statuses?: string[];
  /** Primary trigger types, e.g. `TRIGGER_TYPE_WEBHOOK`; values newer than this package pass through. */
  triggerTypes?: string[];
  /** e.g. `AUTOMATION_SORT_FIELD_DISPLAY_NAME`. @default createdAt, newest first (rule 4) */
  sortField?: string;
  /** `SORT_DIRECTION_ASC` or `_DESC`; unspecified means ascending when `sortField` is set (rule 4). */
  direction?: string;
}

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
export async function searchAutomations(
  args: SearchAutomationsArgs = {},
  options?: LookupOptions,
): Promise<AutomationInfo[]> {
  return searchAll(SEARCH, args, options);
}

/** {@link searchAutomations} with Pulumi inputs, answering an Output. */
export function searchAutomationsOutput(
  args?: LookupInputs<SearchAutomationsArgs>,
  options?: LookupOptions,
): pulumi.Output<AutomationInfo[]> {
  return lookupOutput(searchAutomations, args, options);
}
