import type { z } from "zod";
import type { ProviderConfig } from "./config";
import { IdgovApiError } from "../errors/api-error";
import { type BatchRead, ReadCoalescer, searchByIds } from "./coalescedReads";
import type { ClientOptions, CoalescedReadOptions, PaginateOptions, RequestOptions } from "./options";
import { paginateItems, withPageFields } from "./paginate";
import { nextRetryDelay, retryAfterDelay, waitWithinBudget } from "./retry";
import { type Answer, RequestSender } from "./sender";
import { mayStillBeRunning } from "./stillRunning";
import type { TenantBudget } from "./tenantBudget";

export type { ClientOptions, CoalescedReadOptions, PaginateOptions, RequestOptions } from "./options";

/**
 * The client as one operation sees it: its errors name that operation (`create App payroll: …`). The engine, the
 * lookups and the export all call the service through it; {@link IdgovClient.labelled} makes one.
 */
export type ApiClient = Pick<
  IdgovClient,
  | "request"
  | "requestParsed"
  | "paginate"
  | "readCoalesced"
  | "noteWritten"
  | "waitToRetry"
  | "waitForRunningRequest"
>;

/**
 * The package's internal HTTP client for the Identity Governance Service: one call, its answer checked by a
 * schema, pagination as an async iterator, reads coalesced into searches, and the waits the engine asks for before
 * it resends a request itself. Each request is sent by its {@link RequestSender} (token, tenant budget, retries,
 * errors).
 */
export class IdgovClient {
  /** Counters: API attempts, retries (including token renewals), token requests. */
  readonly stats: RequestSender["stats"];
  /** The tenant's API budget in this process: pauses after a 429, and the pace of `maxRequestsPerSecond`. */
  readonly budget: TenantBudget;
  private readonly sender: RequestSender;
  private readonly coalescer: ReadCoalescer;

  constructor(
    private readonly config: ProviderConfig,
    options: ClientOptions = {},
  ) {
    this.sender = new RequestSender(config, options);
    this.stats = this.sender.stats;
    this.budget = this.sender.budget;
    this.coalescer = new ReadCoalescer(
      (batch, ids, onPage) => searchByIds((request) => this.sender.call(request), batch, ids, onPage),
      options.coalescing,
    );
  }

  /** Sends one API call and answers the parsed JSON body of its 200 answer. */
  async request<T = unknown>(options: RequestOptions): Promise<T> {
    return (await this.sender.call(options)).body as T;
  }

  /** Like {@link request}, and checks the answer against `schema`. */
  async requestParsed<S extends z.ZodType>(options: RequestOptions, schema: S): Promise<z.output<S>> {
    const answer = await this.sender.call(options);
    const result = schema.safeParse(answer.body);
    if (result.success) return result.data;
    throw this.sender.errors.schema(options, answer.requestId, result.error.issues);
  }

  /** Yields every item of a paged list (GET) or search (POST), fetching pages as they are needed. */
  async *paginate<T = unknown>(options: PaginateOptions<T>): AsyncGenerator<T> {
    const { itemsKey, pageSize, limit, itemSchema, cursor, ...request } = options;
    const size = pageSize ?? (limit === undefined ? undefined : Math.min(100, Math.max(10, limit)));
    const parseItem =
      itemSchema &&
      ((item: unknown, page: Answer) => {
        const result = itemSchema.safeParse(item);
        if (result.success) return result.data;
        throw this.sender.errors.schema(request, page.requestId, result.error.issues, itemsKey);
      });
    yield* paginateItems<T>(
      (pageToken) => this.sender.call({ idempotent: true, ...withPageFields(request, size, pageToken) }),
      {
        itemsKey,
        limit,
        method: request.method,
        path: request.path,
        operation: request.operation,
        parseItem,
        cursor,
      },
    );
  }

  /**
   * Reads one object through its collection's search by ids, coalesced with the reads that arrive with it
   * ({@link ReadCoalescer}): the found item in the GET's answer shape, checked by `schema` like a GET's answer, or
   * undefined when the caller must read it by GET (a lone read, an id this process wrote, an id the search did not
   * return or answered out of shape, a failed search, or `readConsistency` strict).
   */
  async readCoalesced<S extends z.ZodType>(
    options: CoalescedReadOptions,
    schema: S,
  ): Promise<z.output<S> | undefined> {
    if (this.config.readConsistency === "strict") return undefined;
    const found = await this.coalescer.read(options.batch, options.id);
    if (found === undefined) return undefined;
    const result = schema.safeParse(options.batch.asAnswer(found.item));
    if (result.success) return result.data;
    // An item the search answers out of shape is read by GET, whose answer is checked and reported on its own.
    this.coalescer.stats.unreadable += 1;
    return undefined;
  }

  /** Notes that `id` was written in this process: its reads go by GET from now on (a search can trail a write). */
  noteWritten(batch: BatchRead, id: string): void {
    this.coalescer.noteWritten(batch, id);
  }

  /** Coalescing counters: searches sent, reads they answered, reads left to a GET. */
  get coalescingStats(): Readonly<ReadCoalescer["stats"]> {
    return this.coalescer.stats;
  }

  /** This client as `operation` sees it: every request it makes is labelled with the operation. */
  labelled(operation: string): ApiClient {
    return {
      request: (options) => this.request({ operation, ...options }),
      requestParsed: (options, schema) => this.requestParsed({ operation, ...options }, schema),
      paginate: (options) => this.paginate({ operation, ...options }),
      readCoalesced: (options, schema) => this.readCoalesced({ operation, ...options }, schema),
      noteWritten: (batch, id) => this.noteWritten(batch, id),
      waitToRetry: (attempt, error, startedAt) => this.waitToRetry(attempt, error, startedAt),
      waitForRunningRequest: (error, lookup, startedAt) =>
        this.waitForRunningRequest(error, lookup, startedAt),
    };
  }

  /**
   * For a request the client may not resend itself (a create whose outcome is unknown, resent by the engine once it
   * made sure the first attempt left nothing): whether retry number `attempt` (0 for the first), of a request first
   * sent at `startedAt` (epoch ms), is within the budget. When it is, waits as the policy says first (the
   * `Retry-After` of a 429 or 5xx, else backoff with jitter).
   */
  async waitToRetry(
    attempt: number,
    error: unknown,
    startedAt: number = this.sender.now(),
  ): Promise<boolean> {
    const { policy, random, now } = this.sender;
    if (attempt >= policy.maxRetries) return false;
    const retryAfterMs = error instanceof IdgovApiError ? error.retryAfterMs : undefined;
    const delay =
      retryAfterMs === undefined
        ? nextRetryDelay(attempt, policy, undefined, random)
        : retryAfterDelay(retryAfterMs, policy, random);
    const wait = waitWithinBudget(
      { startedAt, waitedMs: 0 },
      delay,
      policy,
      now(),
      retryAfterMs !== undefined,
    );
    if (wait === undefined) return false;
    this.stats.retries += 1;
    await this.sender.sleep(wait);
    return true;
  }

  /**
   * Before lookup number `lookup` (0 for the first) of what a write whose answer never came did: whether to look.
   * When the service may still be carrying it out ({@link mayStillBeRunning}), waits one request timeout before the
   * first lookup, then twice as long before each next one, while the retry budget from `startedAt` (epoch ms) lasts
   * (the last wait cut to what is left); answers false once it is spent. After any other failure the service is done
   * with the request: the first lookup is made at once and there is no second.
   */
  async waitForRunningRequest(
    error: unknown,
    lookup = 0,
    startedAt: number = this.sender.now(),
  ): Promise<boolean> {
    if (!mayStillBeRunning(error)) return lookup === 0;
    const delay = this.config.requestTimeoutMs * 2 ** lookup;
    const wait =
      lookup === 0
        ? delay
        : waitWithinBudget({ startedAt, waitedMs: 0 }, delay, this.sender.policy, this.sender.now(), false);
    if (wait === undefined) return false;
    await this.sender.sleep(wait);
    return true;
  }

  /** Closes the connections; waits for requests in flight. */
  close(): Promise<void> {
    return this.sender.close();
  }
}
