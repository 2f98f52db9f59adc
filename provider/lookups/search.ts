import type { z } from "zod";
import { checkBody, checkEnumPrefixes, checkListArgKeys, pagingOf, pickSet } from "./arguments";
import type { LookupOptions } from "./options";
import { fetchAll } from "./fetch";

/** A paged search of the service (spec 4): its route, its filters and their checks, and its rows. */
/** @internal */
export interface SearchSpec<S extends z.ZodType> {
  /** The lookup's name, for messages. */
  readonly lookup: string;
  readonly path: string;
  readonly filterKeys: readonly string[];
  readonly bodySchema: z.ZodType<Record<string, unknown>>;
  /** Enumeration filters and their prefix: `{ states: "SUGGESTION_STATE_" }`. */
  readonly enumPrefixes: Readonly<Record<string, string>>;
  readonly itemSchema: S;
}

/**
 * Every row a search matches, in the service's order, paging by itself (`pageSize` 10 by default: rows are large,
 * spec 4 rule 5). The arguments (their names, paging, the body's schema, enumeration prefixes) are checked before any
 * request, and a bad one throws `IdgovArgumentError`.
 */
/** @internal */
export function searchAll<S extends z.ZodType>(
  spec: SearchSpec<S>,
  args: object,
  options: LookupOptions | undefined,
): Promise<z.output<S>[]> {
  const checked = checkListArgKeys(spec.lookup, args, spec.filterKeys);
  const paging = pagingOf(spec.lookup, checked, 10);
  const body = checkBody(spec.lookup, spec.bodySchema, pickSet(checked, spec.filterKeys));
  checkEnumPrefixes(spec.lookup, body, spec.enumPrefixes);
  return fetchAll(spec.lookup, options, {
    method: "POST",
    path: spec.path,
    body,
    itemsKey: "list",
    itemSchema: spec.itemSchema,
    ...paging,
  });
}
