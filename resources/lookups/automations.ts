import type * as pulumi from "@pulumi/pulumi";
import * as plain from "../../provider/lookups/automations";
import type { SearchAutomationsArgs } from "../../provider/lookups/args";
import type { Automation } from "../types";
import { type LookupOptions, programOptions } from "./config";
import { lookupOutput, type LookupInputs } from "./output";

export type { SearchAutomationsArgs };

/** An automation as the service returns it (spec 2.2); unknown fields and enum values are kept. */
export type AutomationInfo = Automation;

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
export function searchAutomations(
  args: SearchAutomationsArgs = {},
  options?: LookupOptions,
): Promise<AutomationInfo[]> {
  return plain.searchAutomations(args, programOptions(options));
}

/** {@link searchAutomations} with Pulumi inputs, answering an Output. */
export function searchAutomationsOutput(
  args?: LookupInputs<SearchAutomationsArgs>,
  options?: LookupOptions,
): pulumi.Output<AutomationInfo[]> {
  return lookupOutput(searchAutomations, args, options);
}
