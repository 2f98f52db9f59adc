import { z } from "zod";
import type { IdgovResponseSchemaError } from "../errors";
import { lookupClient } from "./client";
import type { LookupOptions } from "./options";

/** What one single-object read sends, and which member of the answer holds the object. */
export interface MemberRequest<S extends z.ZodType> {
  path: string;
  /** Member of the answer holding the object, e.g. `sessionPolicy`. */
  member: string;
  schema: S;
}

/**
 * GETs one object and parses the answer's `member` with `schema` (unknown fields and enum values kept). An
 * absent member or a mismatch throws {@link IdgovResponseSchemaError}, naming paths, never values, and the request id.
 */
export async function fetchMember<S extends z.ZodType>(
  lookup: string,
  options: LookupOptions | undefined,
  request: MemberRequest<S>,
): Promise<z.output<S>> {
  const client = lookupClient(lookup, options);
  const answer = await client.requestParsed(
    { method: "GET", path: request.path },
    z.looseObject({ [request.member]: request.schema }),
  );
  return answer[request.member] as z.output<S>;
}

/** What one listing sends: a GET list (query) or a POST search (body), and where its items are. */
export interface ListRequest<S extends z.ZodType> {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | undefined>;
  body?: Record<string, unknown>;
  /** `list`, or `resources` for MCP resources. */
  itemsKey: string;
  itemSchema: S;
  pageSize: number;
  limit?: number;
}

/** Every item of a listing, in the service's order, following `nextPageToken` until the end or `limit`. */
export async function fetchAll<S extends z.ZodType>(
  lookup: string,
  options: LookupOptions | undefined,
  request: ListRequest<S>,
): Promise<z.output<S>[]> {
  const client = lookupClient(lookup, options);
  const items: z.output<S>[] = [];
  const pages = client.paginate<z.output<S>>({
    method: request.method,
    path: request.path,
    ...(request.query === undefined ? {} : { query: request.query }),
    ...(request.body === undefined ? {} : { body: request.body }),
    idempotent: true,
    itemsKey: request.itemsKey,
    itemSchema: request.itemSchema as z.ZodType<z.output<S>>,
    pageSize: request.pageSize,
    ...(request.limit === undefined ? {} : { limit: request.limit }),
  });
  for await (const item of pages) items.push(item);
  return items;
}
