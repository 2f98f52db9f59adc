import type { z } from "zod";
import type { IdgovResponseSchemaError } from "../errors/response-schema-error";
import type { BatchRead, CoalescingOptions } from "./coalescedReads";
import type { PageCursor } from "./paginate";
import type { RetryPolicy, Sleep } from "./retry";

/** One API call. */
export interface RequestOptions {
  method: "GET" | "POST" | "DELETE";
  /** Path below the base URL, ids already encoded (see `apiPath`). */
  path: string;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body. POST and DELETE send `{}` when unset. */
  body?: unknown;
  /** Safe to send twice. @default true for GET and DELETE, false for POST */
  idempotent?: boolean;
  /** Human label for errors, e.g. `update App app-123`. @default "<METHOD> <path>" */
  operation?: string;
  /** At most this many retries of a failure other than a 429 (those stay under the tenant's budget). @default the policy's */
  maxRetries?: number;
}

/** Options of {@link IdgovClient.paginate}. */
export interface PaginateOptions<T> extends RequestOptions {
  /** Member of each page holding the items: `list`, or `resources` for MCP resources. */
  itemsKey: string;
  /** Items per page (the service accepts 10 to 100). @default the service's default, 25 */
  pageSize?: number;
  /** Stop after this many items. */
  limit?: number;
  /** Checks each item; a mismatch throws {@link IdgovResponseSchemaError}. */
  itemSchema?: z.ZodType<T>;
  /** Where to start, and who hears of each page. @default the first page */
  cursor?: PageCursor;
}

/** One read of {@link IdgovClient.readCoalesced}. */
export interface CoalescedReadOptions {
  /** The collection's search by ids. */
  batch: BatchRead;
  /** The object's id. */
  id: string;
  /** Human label for errors. */
  operation?: string;
}

/** Test and tuning hooks. */
export interface ClientOptions {
  /** Overrides of the retry policy (its `maxRetries` defaults to the config's). */
  retryPolicy?: Partial<RetryPolicy>;
  /** How to wait between retries. @default setTimeout */
  sleep?: Sleep;
  /** Jitter source in [0, 1). @default Math.random */
  random?: () => number;
  /** Clock for token expiry, in epoch ms. @default Date.now */
  now?: () => number;
  /** Timing of coalesced reads. */
  coalescing?: CoalescingOptions;
}
