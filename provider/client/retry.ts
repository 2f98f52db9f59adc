/** When and how long to wait before sending a request again. Plain data: override any field. */
export interface RetryPolicy {
  /** Retries after the first attempt, for failures (5xx, 408, lost connections). @default Infinity (the budget decides) */
  maxRetries: number;
  /**
   * How long a request keeps being retried, from its first attempt: time spent, or time waited between attempts,
   * whichever is more. A retry whose wait would end past it is not made. 90 s rides out a one-minute outage.
   * @default 90000
   */
  retryBudgetMs: number;
  /**
   * The budget, instead of `retryBudgetMs` when smaller, of a connection refused or a host name that does not resolve
   * at an address that has not answered yet in this process: a wrong URL or a stopped service is reported in seconds,
   * after a few quick retries that ride out a blip at start. Once the address has answered, the whole budget applies.
   * @default 10000
   */
  unreachableBudgetMs: number;
  /**
   * Retries of a request answered 429: the service did no work and said when to come back, so a run under a rate
   * limit slows down rather than fails (about a minute and a half of waiting at `Retry-After: 1`). Counted apart from
   * `maxRetries`. Many workers sharing a saturated limit each lose several times in a row (ten, for one request in
   * 200 at `--parallel 16` against 10 requests a second), hence the margin. @default 60
   */
  maxRateLimitRetries: number;
  /** First backoff ceiling; it doubles per retry. @default 200 */
  baseDelayMs: number;
  /** Largest backoff ceiling. @default 10000 */
  maxDelayMs: number;
  /** Largest `Retry-After` wait honoured. @default 30000 */
  retryAfterCapMs: number;
  /**
   * A `Retry-After` wait is lengthened by up to this share of itself, at random, so that requests refused together
   * do not all come back together. @default 0.5
   */
  retryAfterJitter: number;
  /** Statuses an idempotent request is retried on. @default [408, 429, 500, 502, 503, 504] */
  retryableStatuses: readonly number[];
  /** Statuses never retried: the answer will not change. @default [400, 401, 403, 404, 409] */
  neverRetry: readonly number[];
}

/** The policy the client uses unless told otherwise. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxRetries: Number.POSITIVE_INFINITY,
  retryBudgetMs: 90_000,
  unreachableBudgetMs: 10_000,
  maxRateLimitRetries: 60,
  baseDelayMs: 200,
  maxDelayMs: 10_000,
  retryAfterCapMs: 30_000,
  retryAfterJitter: 0.5,
  retryableStatuses: Object.freeze([408, 429, 500, 502, 503, 504]),
  neverRetry: Object.freeze([400, 401, 403, 404, 409]),
});

/** Statuses that prove the service did not execute the request, so even a create may be resent. */
export const NOT_EXECUTED_STATUSES: readonly number[] = Object.freeze([429]);

/** The result of one attempt, as far as retrying cares. */
export type AttemptOutcome =
  { kind: "status"; status: number } | { kind: "transport"; ambiguous: boolean; retryable: boolean };

/**
 * Whether to send the request again after `retriesSoFar` retries. Idempotent requests retry on
 * retryable statuses and transport errors. Others (creates) retry only when the service certainly
 * did not execute them: a 429, or a connection that failed before the request was sent. A 429 is
 * retried up to `maxRateLimitRetries` times, anything else up to `maxRetries` times.
 */
export function shouldRetry(
  outcome: AttemptOutcome,
  idempotent: boolean,
  retriesSoFar: number,
  policy: RetryPolicy,
): boolean {
  const rateLimited = outcome.kind === "status" && outcome.status === 429;
  if (retriesSoFar >= (rateLimited ? policy.maxRateLimitRetries : policy.maxRetries)) return false;
  if (outcome.kind === "transport") return outcome.retryable && (idempotent || !outcome.ambiguous);
  if (policy.neverRetry.includes(outcome.status)) return false;
  if (!policy.retryableStatuses.includes(outcome.status)) return false;
  return idempotent || NOT_EXECUTED_STATUSES.includes(outcome.status);
}

/**
 * Milliseconds to wait when the server asked for `retryAfterMs`: that, lengthened by up to `retryAfterJitter` of
 * itself at random, and capped at `retryAfterCapMs`.
 */
export function retryAfterDelay(
  retryAfterMs: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const jittered = retryAfterMs + Math.floor(random() * retryAfterMs * policy.retryAfterJitter);
  return Math.min(jittered, policy.retryAfterCapMs);
}

/**
 * Milliseconds to wait before retry number `attempt` (0 for the first retry): the server's
 * `Retry-After` (delta seconds or HTTP date) as {@link retryAfterDelay} says, else exponential backoff
 * with full jitter: a uniform draw in [0, min(maxDelayMs, baseDelayMs * 2^attempt)).
 */
export function nextRetryDelay(
  attempt: number,
  policy: RetryPolicy,
  retryAfterHeader?: string,
  random: () => number = Math.random,
  now: number = Date.now(),
): number {
  const retryAfterMs = parseRetryAfter(retryAfterHeader, now);
  if (retryAfterMs !== undefined) return retryAfterDelay(retryAfterMs, policy, random);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/**
 * Parses a `Retry-After` header into milliseconds from `now`: delta seconds (`"2"`, `"1.5"`) or an
 * HTTP date. A date in the past is 0; an absent or unreadable header is undefined.
 */
export function parseRetryAfter(header: string | undefined, now: number = Date.now()): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The policy for a client: the defaults, the configured budget and retry count, then explicit overrides. */
export function retryPolicyFor(
  configured: { maxRetries?: number | undefined; retryBudgetMs?: number | undefined },
  overrides: Partial<RetryPolicy> = {},
): RetryPolicy {
  const { maxRetries, retryBudgetMs } = configured;
  return {
    ...DEFAULT_RETRY_POLICY,
    ...(maxRetries === undefined ? {} : { maxRetries }),
    ...(retryBudgetMs === undefined ? {} : { retryBudgetMs }),
    ...overrides,
  };
}

/** What a request has spent of its retry budget: time since its first attempt and time waited between attempts. */
export interface BudgetSpent {
  readonly startedAt: number;
  readonly waitedMs: number;
}

/**
 * The wait before a retry that still ends within the policy's `retryBudgetMs`, or undefined when none does. A backoff
 * draw that would end past the budget is cut to what is left of it, so the last attempt comes when the budget is
 * spent, not early; a wait the service asked for (`Retry-After`) is never cut.
 */
export function waitWithinBudget(
  spent: BudgetSpent,
  delayMs: number,
  policy: RetryPolicy,
  now: number,
  askedByService: boolean,
): number | undefined {
  const left = policy.retryBudgetMs - Math.max(now - spent.startedAt, spent.waitedMs);
  if (delayMs <= left) return delayMs;
  return askedByService || left <= 0 ? undefined : left;
}

/** Waits `ms` milliseconds. Injectable in the client so tests need not wait. */
export type Sleep = (ms: number) => Promise<void>;

/** The real sleep. */
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
