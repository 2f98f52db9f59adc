import type { z } from "zod";
import { TokenManager, tokenResponseSchema, type TokenGrant } from "./auth";
import type { ProviderConfig } from "./config";
import { IdgovApiError } from "../errors/api-error";
import { ClientErrors } from "./clientErrors";
import type { IdgovResponseSchemaError } from "../errors/response-schema-error";
import { withOperation } from "../errors/with-operation";
import { type BatchRead, type CoalescingOptions, ReadCoalescer, searchByIds } from "./coalescedReads";
import { type PageCursor, paginateItems, withPageFields } from "./paginate";
import { Reachability } from "./reachability";
import { mayStillBeRunning } from "./stillRunning";
import { redact, rememberSecret } from "../errors/redact";
import {
  nextRetryDelay,
  parseRetryAfter,
  retryAfterDelay,
  retryPolicyFor,
  shouldRetry,
  sleep,
  type RetryPolicy,
  type Sleep,
  waitWithinBudget,
} from "./retry";
import { TenantBudget } from "./tenantBudget";
import { tokenRequestSource, type TokenRequest } from "./tokenRequests";
import { HttpTransport, type WireRequest, type WireResponse } from "./transport";

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

/** The answer to one exchange: the parsed body and its request id. */
interface Answer {
  body: unknown;
  requestId: string | undefined;
}

/** The policy of one request: the short budget where nothing has answered yet, and the request's own cap on retries. */
function retryPolicyOf(
  policy: RetryPolicy,
  neverReached: boolean,
  maxRetries: number | undefined,
): RetryPolicy {
  const reached = neverReached ? Reachability.shortened(policy) : policy;
  return maxRetries === undefined
    ? reached
    : { ...reached, maxRetries: Math.min(reached.maxRetries, maxRetries) };
}

/** How one exchange is sent and reported. */
interface ExchangeContext {
  idempotent: boolean;
  /** Caps the policy's retries of failures other than a 429. */
  maxRetries?: number | undefined;
  authorize: boolean;
  label: { method: string; path: string; operation?: string | undefined };
  /** Replaces the server message of a 401, e.g. for the token endpoint. */
  unauthorizedMessage?: string | undefined;
  /** Replaces the server message of a 404: a token endpoint that is not there names the setting to check. */
  notFoundMessage?: string | undefined;
}

/**
 * The package's internal HTTP client for the Identity Governance Service: bearer tokens (static
 * or client credentials, renewed once on a 401), retries by {@link RetryPolicy}, status-mapped
 * errors carrying the request id and never a secret, and pagination as an async iterator.
 */
export class IdgovClient {
  /** Counters: API attempts, retries (including token renewals), token requests. */
  readonly stats = { requests: 0, retries: 0, tokenRequests: 0 };
  private readonly transport: HttpTransport;
  private readonly tokens: TokenManager;
  private readonly policy: RetryPolicy;
  private readonly sleep: Sleep;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly secrets: (string | undefined)[];
  private readonly errors: ClientErrors;
  private readonly reachability: Reachability;
  private readonly coalescer: ReadCoalescer;
  /** The tenant's API budget in this process: pauses after a 429, and the pace of `maxRequestsPerSecond`. */
  readonly budget: TenantBudget;

  constructor(
    private readonly config: ProviderConfig,
    options: ClientOptions = {},
  ) {
    this.transport = new HttpTransport(config);
    this.policy = retryPolicyFor(config, options.retryPolicy);
    this.sleep = options.sleep ?? sleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.secrets = [config.clientSecret, config.accessToken, config.oidcToken];
    this.secrets.forEach(rememberSecret);
    if (config.proxy !== undefined) rememberSecret(decodeURIComponent(new URL(config.proxy).password));
    this.errors = new ClientErrors(this.secrets, this.now);
    this.reachability = new Reachability(config);
    this.budget = new TenantBudget({
      maxRequestsPerSecond: config.maxRequestsPerSecond,
      sleep: this.sleep,
      now: this.now,
      random: this.random,
    });
    this.coalescer = new ReadCoalescer(
      (batch, ids) => searchByIds((request) => this.call(request), batch, ids),
      options.coalescing,
    );
    const nextTokenRequest = tokenRequestSource(
      config,
      (secret) => {
        this.secrets.push(secret);
        rememberSecret(secret);
      },
      this.now,
    );
    this.tokens = new TokenManager({
      accessToken: config.accessToken,
      fetchToken: nextTokenRequest && (async () => this.fetchToken(await nextTokenRequest())),
      now: this.now,
    });
  }

  /** Sends one API call and answers the parsed JSON body of its 200 answer. */
  async request<T = unknown>(options: RequestOptions): Promise<T> {
    return (await this.call(options)).body as T;
  }

  /** Like {@link request}, and checks the answer against `schema`. */
  async requestParsed<S extends z.ZodType>(options: RequestOptions, schema: S): Promise<z.output<S>> {
    const answer = await this.call(options);
    const result = schema.safeParse(answer.body);
    if (result.success) return result.data;
    throw this.errors.schema(options, answer.requestId, result.error.issues);
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
        throw this.errors.schema(request, page.requestId, result.error.issues, itemsKey);
      });
    yield* paginateItems<T>(
      (pageToken) => this.call({ idempotent: true, ...withPageFields(request, size, pageToken) }),
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
  async waitToRetry(attempt: number, error: unknown, startedAt: number = this.now()): Promise<boolean> {
    if (attempt >= this.policy.maxRetries) return false;
    const retryAfterMs = error instanceof IdgovApiError ? error.retryAfterMs : undefined;
    const delay =
      retryAfterMs === undefined
        ? nextRetryDelay(attempt, this.policy, undefined, this.random)
        : retryAfterDelay(retryAfterMs, this.policy, this.random);
    const wait = waitWithinBudget(
      { startedAt, waitedMs: 0 },
      delay,
      this.policy,
      this.now(),
      retryAfterMs !== undefined,
    );
    if (wait === undefined) return false;
    this.stats.retries += 1;
    await this.sleep(wait);
    return true;
  }

  /**
   * Before lookup number `lookup` (0 for the first) of what a write whose answer never came did: whether to look.
   * When the service may still be carrying it out ({@link mayStillBeRunning}), waits one request timeout before the
   * first lookup, then twice as long before each next one, while the retry budget from `startedAt` (epoch ms) lasts
   * (the last wait cut to what is left); answers false once it is spent. After any other failure the service is done
   * with the request: the first lookup is made at once and there is no second.
   */
  async waitForRunningRequest(error: unknown, lookup = 0, startedAt: number = this.now()): Promise<boolean> {
    if (!mayStillBeRunning(error)) return lookup === 0;
    const delay = this.config.requestTimeoutMs * 2 ** lookup;
    const wait =
      lookup === 0
        ? delay
        : waitWithinBudget({ startedAt, waitedMs: 0 }, delay, this.policy, this.now(), false);
    if (wait === undefined) return false;
    await this.sleep(wait);
    return true;
  }

  /** Closes the connections; waits for requests in flight. */
  close(): Promise<void> {
    return this.transport.close();
  }

  private async call(options: RequestOptions): Promise<Answer> {
    const url = new URL(this.config.baseUrl + options.path);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const body = options.body ?? (options.method === "GET" ? undefined : {});
    const wire: WireRequest = {
      method: options.method,
      url,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    const response = await this.exchange(wire, {
      idempotent: options.idempotent ?? options.method !== "POST",
      maxRetries: options.maxRetries,
      authorize: true,
      label: { method: options.method, path: options.path, operation: options.operation },
    });
    return { body: this.parseJson(response, options), requestId: response.requestId };
  }

  private async fetchToken(request: TokenRequest): Promise<TokenGrant> {
    const url = new URL(this.config.tokenUrl);
    const response = await this.exchange(
      {
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: request.body,
      },
      {
        idempotent: true,
        authorize: false,
        label: { method: "POST", path: url.pathname },
        unauthorizedMessage: request.rejectedMessage,
        notFoundMessage: this.reachability.tokenNotFound(url),
      },
    );
    const label = { method: "POST", path: url.pathname };
    const result = tokenResponseSchema.safeParse(this.parseJson(response, label));
    if (!result.success) throw this.errors.schema(label, response.requestId, result.error.issues);
    this.secrets.push(result.data.access_token);
    rememberSecret(result.data.access_token);
    return { accessToken: result.data.access_token, expiresInSeconds: result.data.expires_in };
  }

  /** Sends until a 2xx answer, retrying as the policy allows; throws the mapped error otherwise. */
  private async exchange(request: WireRequest, context: ExchangeContext): Promise<WireResponse> {
    let retries = 0;
    let renewed = false;
    // The retry budget runs from the first attempt, not from the wait for the tenant's budget before it.
    const spent = { startedAt: 0, waitedMs: 0 };
    let ownPause = -1;
    const gate = async () => {
      await this.budget.beforeSend(ownPause);
      if (spent.startedAt === 0) spent.startedAt = this.now();
    };
    for (;;) {
      const token = context.authorize ? await this.tokenFor(context) : undefined;
      const headers =
        token === undefined ? request.headers : { ...request.headers, authorization: `Bearer ${token}` };
      if (context.authorize) this.stats.requests += 1;
      else this.stats.tokenRequests += 1;
      const result = await this.transport.send({ ...request, headers }, gate);
      this.reachability.note(request.url, result);
      if (result.ok && result.response.status >= 200 && result.response.status < 300) return result.response;

      if (
        result.ok &&
        result.response.status === 401 &&
        token !== undefined &&
        this.tokens.renewable &&
        !renewed
      ) {
        renewed = true;
        this.tokens.invalidate(token);
        this.stats.retries += 1;
        continue;
      }
      const outcome = result.ok
        ? { kind: "status" as const, status: result.response.status }
        : { kind: "transport" as const, ...result.failure };
      const retryAfter = result.ok ? result.response.retryAfter : undefined;
      if (result.ok && result.response.status === 429) ownPause = this.pauseTenant(retryAfter);
      const neverReached = this.reachability.neverReached(request.url, result);
      const policy = retryPolicyOf(this.policy, neverReached, context.maxRetries);
      const now = this.now();
      const delay = nextRetryDelay(retries, policy, retryAfter, this.random, now);
      const asked = parseRetryAfter(retryAfter, now) !== undefined;
      const wait = waitWithinBudget(spent, delay, policy, now, asked);
      if (!shouldRetry(outcome, context.idempotent, retries, policy) || wait === undefined) {
        if (result.ok)
          throw this.errors.response(result.response, context.label, {
            401: context.unauthorizedMessage,
            404:
              context.notFoundMessage ??
              this.reachability.notTheService(request.url, result.response.bodyText),
          });
        const hint = neverReached ? this.reachability.hint(request.url, !context.authorize) : undefined;
        throw this.errors.transport(result.failure, context.label, request.url.host, hint);
      }
      spent.waitedMs += wait;
      retries += 1;
      this.stats.retries += 1;
      await this.sleep(wait);
    }
  }

  /**
   * Pauses every request to the tenant for the `Retry-After` of a 429 (capped as a retry's wait is), and answers the
   * pause's end: the request that was refused waits it out with its own retry wait, which is at least as long.
   */
  private pauseTenant(retryAfter: string | undefined): number {
    const asked = parseRetryAfter(retryAfter, this.now());
    return this.budget.pause(asked === undefined ? undefined : Math.min(asked, this.policy.retryAfterCapMs));
  }

  /** A token for an API call; a failed token request names the operation that needed it. */
  private async tokenFor(context: ExchangeContext): Promise<string> {
    try {
      return await this.tokens.getToken();
    } catch (error) {
      const { operation } = context.label;
      throw operation === undefined ? error : withOperation(error, redact(operation, this.secrets));
    }
  }

  private parseJson(
    response: WireResponse,
    label: { method: string; path: string; operation?: string },
  ): unknown {
    if (response.status === 204 && response.bodyText.trim() === "") return {};
    try {
      return JSON.parse(response.bodyText) as unknown;
    } catch {
      throw this.errors.schema(label, response.requestId, [{ path: [], message: "the body is not JSON" }]);
    }
  }
}
