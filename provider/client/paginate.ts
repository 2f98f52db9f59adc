import { IdgovResponseSchemaError } from "../errors/response-schema-error";

/** Query or body of a list or search request, before paging fields are added. */
export interface PageableRequest {
  method: "GET" | "POST" | "DELETE";
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

/** One page's parsed answer and the request id it came with. */
export interface FetchedPage {
  body: unknown;
  requestId: string | undefined;
}

/** One page as it was read: the token it was fetched with, the next page's (absent at the end), its item count. */
export interface PageRead {
  readonly pageToken: string | undefined;
  readonly nextPageToken: string | undefined;
  readonly size: number;
}

/** How to resume a listing page by page: where to start, and who is told of each page as it is read. */
export interface PageCursor {
  /** A page token the service gave: the listing starts at that page rather than the first. */
  readonly pageToken?: string | undefined;
  /** Told of each page before its items are yielded. */
  readonly onPage?: ((page: PageRead) => void) | undefined;
}

/** What {@link paginateItems} needs besides the fetcher. */
export interface PaginateItemsOptions {
  /** Member holding the items: `list` for most lists, `resources` for MCP resources. */
  itemsKey: string;
  /** Stop after this many items. */
  limit?: number | undefined;
  /** For error messages. */
  method: string;
  path: string;
  operation?: string | undefined;
  /** Checks one item of `page`, answering it as the caller wants it, or throws. @default the item as it is */
  parseItem?: ((item: unknown, page: FetchedPage) => unknown) | undefined;
  /** Where to start, and who hears of each page. @default the first page, no one */
  cursor?: PageCursor | undefined;
}

/**
 * The request for one page: GET lists get query `page_size`/`page_token`, POST searches get body
 * `pageSize`/`pageToken` merged into their body (spec section 8). Unset values are left out.
 */
export function withPageFields<R extends PageableRequest>(
  request: R,
  pageSize: number | undefined,
  pageToken: string | undefined,
): R {
  if (request.method === "GET") {
    return { ...request, query: { ...request.query, page_size: pageSize, page_token: pageToken } };
  }
  const body = (typeof request.body === "object" && request.body !== null ? request.body : {}) as object;
  return {
    ...request,
    body: {
      ...body,
      ...(pageSize === undefined ? {} : { pageSize }),
      ...(pageToken === undefined ? {} : { pageToken }),
    },
  };
}

/**
 * Yields the items of every page in order, fetching the next page only when the previous one is
 * used up. Ends on an empty or absent `nextPageToken`, or at `limit`. A server that hands out a
 * token it already gave (a loop) fails with {@link IdgovResponseSchemaError}.
 */
export async function* paginateItems<T>(
  fetchPage: (pageToken: string | undefined) => Promise<FetchedPage>,
  options: PaginateItemsOptions,
): AsyncGenerator<T> {
  const seenTokens = new Set<string>();
  let pageToken = options.cursor?.pageToken || undefined;
  let yielded = 0;
  if (options.limit !== undefined && options.limit <= 0) return;
  for (;;) {
    const page = await fetchPage(pageToken);
    const { items, nextPageToken } = readPage(page, options);
    options.cursor?.onPage?.({ pageToken, nextPageToken: nextPageToken || undefined, size: items.length });
    for (const item of items) {
      yield (options.parseItem ? options.parseItem(item, page) : item) as T;
      yielded += 1;
      if (options.limit !== undefined && yielded >= options.limit) return;
    }
    if (nextPageToken === undefined || nextPageToken === "") return;
    if (seenTokens.has(nextPageToken)) {
      throw schemaError(
        page,
        options,
        "nextPageToken",
        "repeats a token already followed: the listing would loop",
      );
    }
    seenTokens.add(nextPageToken);
    pageToken = nextPageToken;
  }
}

function readPage(page: FetchedPage, options: PaginateItemsOptions) {
  const body = page.body;
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw schemaError(page, options, "(root)", "expected a JSON object");
  }
  const record = body as Record<string, unknown>;
  const items = record[options.itemsKey] ?? [];
  if (!Array.isArray(items)) throw schemaError(page, options, options.itemsKey, "expected an array");
  const nextPageToken = record["nextPageToken"] ?? undefined;
  if (nextPageToken !== undefined && typeof nextPageToken !== "string") {
    throw schemaError(page, options, "nextPageToken", "expected a string");
  }
  return { items: items as unknown[], nextPageToken };
}

function schemaError(page: FetchedPage, options: PaginateItemsOptions, path: string, message: string) {
  return new IdgovResponseSchemaError({
    method: options.method,
    path: options.path,
    requestId: page.requestId,
    operation: options.operation,
    issues: [{ path, message }],
  });
}
