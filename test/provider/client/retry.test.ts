import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETRY_POLICY,
  nextRetryDelay,
  parseRetryAfter,
  retryPolicyFor,
  waitWithinBudget,
  shouldRetry,
  type AttemptOutcome,
} from "../../../provider/client/retry";

const NOW = Date.parse("2026-11-21T14:00:00Z");
const policy = DEFAULT_RETRY_POLICY;

describe("DEFAULT_RETRY_POLICY", () => {
  it("is the documented data", () => {
    expect(policy).toEqual({
      maxRetries: Number.POSITIVE_INFINITY,
      retryBudgetMs: 90_000,
      unreachableBudgetMs: 10_000,
      maxRateLimitRetries: 60,
      baseDelayMs: 200,
      maxDelayMs: 10_000,
      retryAfterCapMs: 30_000,
      retryAfterJitter: 0.5,
      retryableStatuses: [408, 429, 500, 502, 503, 504],
      neverRetry: [400, 401, 403, 404, 409],
    });
  });

  it("takes the configured retry count and budget, then explicit overrides", () => {
    expect(retryPolicyFor({ maxRetries: 2 }, { baseDelayMs: 1 })).toEqual({
      ...policy,
      maxRetries: 2,
      baseDelayMs: 1,
    });
    expect(retryPolicyFor({ retryBudgetMs: 5_000 })).toEqual({ ...policy, retryBudgetMs: 5_000 });
    expect(retryPolicyFor({ maxRetries: undefined })).toEqual(policy);
  });
});

describe("waitWithinBudget", () => {
  const budget = { ...policy, retryBudgetMs: 60_000 };
  it.each([
    { case: "a retry right away", elapsed: 0, waited: 0, delay: 1_000, asked: false, wait: 1_000 },
    {
      case: "a wait ending on the budget",
      elapsed: 50_000,
      waited: 0,
      delay: 10_000,
      asked: false,
      wait: 10_000,
    },
    {
      case: "a backoff draw past the budget, cut to what is left",
      elapsed: 55_000,
      waited: 0,
      delay: 8_000,
      asked: false,
      wait: 5_000,
    },
    {
      case: "waits (not yet elapsed) past the budget, cut",
      elapsed: 0,
      waited: 55_000,
      delay: 6_000,
      asked: false,
      wait: 5_000,
    },
    {
      case: "a Retry-After past the budget: never cut",
      elapsed: 55_000,
      waited: 0,
      delay: 8_000,
      asked: true,
      wait: undefined,
    },
    { case: "the budget spent", elapsed: 60_000, waited: 0, delay: 1, asked: false, wait: undefined },
  ])("$case: $wait", ({ elapsed, waited, delay, asked, wait }) => {
    expect(waitWithinBudget({ startedAt: NOW - elapsed, waitedMs: waited }, delay, budget, NOW, asked)).toBe(
      wait,
    );
  });
});

describe("parseRetryAfter", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["2", 2_000],
    ["0", 0],
    [" 1.5 ", 1_500],
    ["Sat, 21 Nov 2026 14:00:03 GMT", 3_000],
    ["Sat, 21 Nov 2026 13:59:00 GMT", 0],
    ["-1", undefined],
    ["soon", undefined],
  ])("reads %j as %j ms", (header, want) => {
    expect(parseRetryAfter(header, NOW)).toBe(want);
  });
});

describe("nextRetryDelay", () => {
  it.each([
    // attempt, random, Retry-After, expected ms
    [0, 0.5, undefined, 100],
    [1, 0.5, undefined, 200],
    [2, 0.999, undefined, 799],
    [10, 0.5, undefined, 5_000],
    [20, 0.999, undefined, 9_990],
    [0, 0, undefined, 0],
    [0, 0, "3", 3_000],
    [0, 0.5, "3", 3_750],
    [0, 0.999, "3", 4_498],
    [0, 0.999, "0", 0],
    [4, 0.5, "120", 30_000],
    [0, 0.5, "29", 30_000],
    [0, 0.5, "Sat, 21 Nov 2026 14:00:02 GMT", 2_500],
    [3, 0.5, "not-a-delay", 800],
  ])("waits, before retry %i with random %d and Retry-After %j, %i ms", (attempt, random, header, want) => {
    expect(nextRetryDelay(attempt, policy, header, () => random, NOW)).toBe(want);
  });
});

describe("shouldRetry", () => {
  const status = (code: number): AttemptOutcome => ({ kind: "status", status: code });
  const refused: AttemptOutcome = { kind: "transport", ambiguous: false, retryable: true };
  const reset: AttemptOutcome = { kind: "transport", ambiguous: true, retryable: true };
  const tlsFailure: AttemptOutcome = { kind: "transport", ambiguous: false, retryable: false };

  it.each([
    ["a GET answered 429", status(429), true, true],
    ["a GET answered 408", status(408), true, true],
    ["a GET answered 500", status(500), true, true],
    ["a GET answered 502", status(502), true, true],
    ["a GET answered 503", status(503), true, true],
    ["a GET answered 504", status(504), true, true],
    ["a GET answered 400", status(400), true, false],
    ["a GET answered 401", status(401), true, false],
    ["a GET answered 403", status(403), true, false],
    ["a GET answered 404", status(404), true, false],
    ["a GET answered 409", status(409), true, false],
    ["a GET answered 501", status(501), true, false],
    ["a GET whose connection was reset", reset, true, true],
    ["a GET whose connection was refused", refused, true, true],
    ["a GET whose TLS handshake failed", tlsFailure, true, false],
    ["a create answered 429", status(429), false, true],
    ["a create answered 500", status(500), false, false],
    ["a create answered 503", status(503), false, false],
    ["a create answered 408", status(408), false, false],
    ["a create whose connection was refused", refused, false, true],
    ["a create whose connection was reset", reset, false, false],
  ])("retries %s: %s", (_case, outcome, idempotent, want) => {
    expect(shouldRetry(outcome, idempotent, 0, policy)).toBe(want);
  });

  it("stops once maxRetries retries of a failure were made, when it is set", () => {
    const counted = { ...policy, maxRetries: 5 };
    expect(shouldRetry(status(503), true, 4, counted)).toBe(true);
    expect(shouldRetry(status(503), true, 5, counted)).toBe(false);
    expect(shouldRetry(reset, true, 5, counted)).toBe(false);
    expect(shouldRetry(status(503), true, 500, policy)).toBe(true);
  });

  it("waits out a 429 up to maxRateLimitRetries times, apart from maxRetries", () => {
    expect(shouldRetry(status(429), false, 59, policy)).toBe(true);
    expect(shouldRetry(status(429), false, 60, policy)).toBe(false);
    expect(shouldRetry(status(429), true, 3, { ...policy, maxRetries: 0 })).toBe(true);
    expect(shouldRetry(status(429), true, 0, { ...policy, maxRateLimitRetries: 0 })).toBe(false);
  });
});
