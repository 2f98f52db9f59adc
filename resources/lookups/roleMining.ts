import type * as pulumi from "@pulumi/pulumi";
import * as plain from "../../provider/lookups/roleMining";
import type { SearchRoleMiningSuggestionsArgs } from "../../provider/lookups/args";
import type { RoleMiningSuggestion } from "../types";
import { type LookupOptions, programOptions } from "./config";
import { lookupOutput, type LookupInputs } from "./output";

export type { SearchRoleMiningSuggestionsArgs };

/** A role-mining suggestion (spec 2.10); unknown fields and enum values (e.g. new states) are kept. */
export type RoleMiningSuggestionInfo = RoleMiningSuggestion;

/**
 * Searches the tenant's role-mining suggestions and answers every match, in the service's order, paging by
 * itself (`pageSize` 10 by default: rows are large, spec 4 rule 5). `query` matches a suggestion's
 * suggestedName, its description and the values of its cohort filters (spec 4 rule 6).
 */
export function searchRoleMiningSuggestions(
  args: SearchRoleMiningSuggestionsArgs = {},
  options?: LookupOptions,
): Promise<RoleMiningSuggestionInfo[]> {
  return plain.searchRoleMiningSuggestions(args, programOptions(options));
}

/** {@link searchRoleMiningSuggestions} with Pulumi inputs, answering an Output. */
export function searchRoleMiningSuggestionsOutput(
  args?: LookupInputs<SearchRoleMiningSuggestionsArgs>,
  options?: LookupOptions,
): pulumi.Output<RoleMiningSuggestionInfo[]> {
  return lookupOutput(searchRoleMiningSuggestions, args, options);
}
