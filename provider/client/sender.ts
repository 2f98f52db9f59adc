import { TokenManager, tokenResponseSchema, type TokenGrant } from "./auth";
import { ClientErrors } from "./clientErrors";
import type { ProviderConfig } from "./config";
import type { ClientOptions, RequestOptions } from "./options";
import { Reachability } from "./reachability";
import {
  nextRetryDelay,
  parseRetryAfter,
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
import { redact, rememberSecret } from "../errors/redact";
import { withOperation } from "../errors/with-operation";

/** The answer to one exchange: the parsed body and its request id. */
export interface Answer {
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
 * How {@link IdgovClient} sends one request: the bearer token (static or client credentials, renewed once on a 401),
 * the tenant's budget, retries by {@link RetryPolicy}, and the answer's JSON or its status-mapped error, carrying the
 * request id and never a secret.
 */
export class RequestSender {
  /** Counters: API attempts, retries (including token renewals), token requests. */
  readonly stats = { requests: 0, retries: 0, tokenRequests: 0 };
  /** The tenant's API budget in this process: pauses after a 429, and the pace of `maxRequestsPerSecond`. */
  readonly budget: TenantBudget;
  readonly policy: RetryPolicy;
  readonly sleep: Sleep;
  readonly random: () => number;
  readonly now: () => number;
  readonly errors: ClientErrors;
  private readonly transport: HttpTransport;
  private readonly tokens: TokenManager;
  private readonly secrets: (string | undefined)[];
  private readonly reachability: Reachability;

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

  /** Closes the connections; waits for requests in flight. */
  close(): Promise<void> {
    return this.transport.close();
  }

  /** Sends one API call: its answer's JSON body and request id, or the mapped error. */
  async call(options: RequestOptions): Promise<Answer> {
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
    return { body: this.parseJson(response, options, url), requestId: response.requestId };
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
    const result = tokenResponseSchema.safeParse(this.parseJson(response, label, url, true));
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
        if (result.ok) {
          const { status } = result.response;
          const elsewhere =
            (status === 404 ? context.notFoundMessage : undefined) ??
            this.reachability.notTheService(request.url, result.response, !context.authorize);
          throw this.errors.response(result.response, context.label, {
            401: context.unauthorizedMessage,
            ...(elsewhere === undefined ? {} : { [status]: elsewhere }),
          });
        }
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
    url: URL,
    tokenRequest = false,
  ): unknown {
    if (response.status === 204 && response.bodyText.trim() === "") return {};
    try {
      return JSON.parse(response.bodyText) as unknown;
    } catch {
      const message = this.reachability.notJson(url, tokenRequest);
      throw this.errors.schema(label, response.requestId, [{ path: [], message }]);
    }
  }
}
