import { z } from "zod";
import { badRequest } from "./errors";
import { formatZodIssues } from "./validation";

/**
 * The faults the emulator can inject. The `…AfterCommit` ones do the work and save it, then lose the answer: the
 * connection closes, or a 200 arrives with an HTML page, `{}`, or the real answer cut in half. The `gatewayNotFound…`
 * ones answer 404 as a gateway or proxy in front of the service would, with an HTML or plain-text page and without
 * doing the work; `malformedSearchItem` breaks the first item of a list or search answer (its `displayName` a
 * number), as a search index holding a bad record would.
 */
export type FaultKind = (typeof FAULT_KINDS)[number];

const FAULT_KINDS = [
  "400",
  "429",
  "500",
  "503",
  "reset",
  "dropAfterCommit",
  "htmlAfterCommit",
  "emptyAfterCommit",
  "truncatedAfterCommit",
  "gatewayNotFoundHtml",
  "gatewayNotFoundText",
  "malformedSearchItem",
] as const;

/** The 200 body each unreadable-answer fault sends in place of the real answer `text`. */
export const UNREADABLE_ANSWERS: Partial<Record<FaultKind, (text: string) => string>> = {
  htmlAfterCommit: () => "<!doctype html><html><body><h1>Please sign in</h1></body></html>",
  emptyAfterCommit: () => "{}",
  truncatedAfterCommit: (text) => text.slice(0, Math.floor(text.length / 2)),
};

/** The 404 pages of a gateway or proxy that is not the service: an HTML page, or plain text. */
export const GATEWAY_NOT_FOUND: Partial<Record<FaultKind, { contentType: string; text: string }>> = {
  gatewayNotFoundHtml: {
    contentType: "text/html; charset=utf-8",
    text: "<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center></body></html>",
  },
  gatewayNotFoundText: { contentType: "text/plain; charset=utf-8", text: "404 page not found\n" },
};

/**
 * What the request log says was done to a request: a fault of the settings or the script, `rateLimit` for a 429 of
 * the `rateLimitPerSecond` bucket, `latency` for a script entry that only slowed the answer.
 */
export type InjectedFault = FaultKind | "rateLimit" | "latency";

const rate = z
  .number()
  .min(0, { error: "must be between 0 and 1" })
  .max(1, { error: "must be between 0 and 1" });

/** A fault rate: the share of matching requests that get the fault, between 0 and 1. */
type Rate = number | undefined;

/** Fault settings as accepted by `POST /__emulator/faults` (a plain type, so the published types need no zod). */
export interface FaultSettings {
  latencyMs?: number | undefined;
  retryAfterSeconds?: number | undefined;
  rates?: { [kind in FaultKind]?: Rate } | undefined;
  script?:
    | {
        fault?: FaultKind | undefined;
        latencyMs?: number | undefined;
        method?: string | undefined;
        pathPrefix?: string | undefined;
        times?: number | undefined;
      }[]
    | undefined;
  rateLimitPerSecond?: number | undefined;
  /**
   * How far the search index trails writes (`search/apps`, `search/automations`): a just-written object is absent or
   * stale that long.
   */
  searchLagMs?: number | undefined;
  tokenTtlSeconds?: number | undefined;
  randomSeed?: number | undefined;
}

/** @internal Body of `POST /__emulator/faults`: it replaces every fault setting (`{}` clears them). */
export const faultSettingsSchema: z.ZodType<FaultSettings> = z.strictObject({
  latencyMs: z.number().int().min(0).optional(),
  retryAfterSeconds: z.number().int().min(0).optional(),
  rates: z
    .strictObject({
      "400": rate.optional(),
      "429": rate.optional(),
      "500": rate.optional(),
      "503": rate.optional(),
      reset: rate.optional(),
      dropAfterCommit: rate.optional(),
      htmlAfterCommit: rate.optional(),
      emptyAfterCommit: rate.optional(),
      truncatedAfterCommit: rate.optional(),
      gatewayNotFoundHtml: rate.optional(),
      gatewayNotFoundText: rate.optional(),
      malformedSearchItem: rate.optional(),
    })
    .optional(),
  script: z
    .array(
      z
        .strictObject({
          fault: z.enum(FAULT_KINDS).optional(),
          latencyMs: z.number().int().min(0).optional(),
          method: z.string().optional(),
          pathPrefix: z.string().optional(),
          times: z.number().int().min(1).optional(),
        })
        .refine((entry) => entry.fault !== undefined || entry.latencyMs !== undefined, {
          error: "needs a fault or a latencyMs",
        }),
    )
    .optional(),
  rateLimitPerSecond: z.number().positive().optional(),
  searchLagMs: z.number().int().min(0).optional(),
  tokenTtlSeconds: z.number().int().positive().optional(),
  randomSeed: z.number().int().optional(),
});

/** Parses a fault-settings body or throws a 400 naming the field. */
export function parseFaultSettings(body: unknown): FaultSettings {
  const parsed = faultSettingsSchema.safeParse(body ?? {}, { reportInput: true });
  if (!parsed.success) throw badRequest(`invalid faults: ${formatZodIssues(parsed.error.issues)}`);
  return parsed.data;
}

/** A small deterministic PRNG (mulberry32), so a `randomSeed` replays the same fault sequence. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the server must do with one request before (or instead of) handling it. */
export interface FaultDecision {
  /** Delay before anything else, in milliseconds. */
  latencyMs: number;
  /** The fault to inject, if any. */
  fault: FaultKind | undefined;
  /** Seconds sent as `Retry-After` on 429 and 503. */
  retryAfterSeconds: number;
  /** What the request log records as injected, if anything. */
  injected: InjectedFault | undefined;
}

interface ScriptEntry {
  fault?: FaultKind;
  latencyMs?: number;
  method?: string;
  pathPrefix?: string;
  remaining: number;
}

/** Holds the current fault settings and decides, request by request, which fault applies. */
export class FaultInjector {
  private settings: FaultSettings = {};
  private script: ScriptEntry[] = [];
  private random: () => number = Math.random;
  private bucketTokens = 0;
  private bucketUpdatedAt = 0;

  constructor(private readonly baseline: FaultSettings = {}) {
    this.replace(baseline);
  }

  /** Replaces every setting. */
  replace(settings: FaultSettings): void {
    this.settings = settings;
    this.script = (settings.script ?? []).map((entry) => ({
      ...(entry.fault === undefined ? {} : { fault: entry.fault }),
      ...(entry.latencyMs === undefined ? {} : { latencyMs: entry.latencyMs }),
      ...(entry.method === undefined ? {} : { method: entry.method.toUpperCase() }),
      ...(entry.pathPrefix === undefined ? {} : { pathPrefix: entry.pathPrefix }),
      remaining: entry.times ?? 1,
    }));
    this.random = settings.randomSeed === undefined ? Math.random : seededRandom(settings.randomSeed);
    this.bucketTokens = Math.max(1, settings.rateLimitPerSecond ?? 0);
    this.bucketUpdatedAt = Date.now();
  }

  /** Replaces the faults set through the switch; the start-up latency stays unless `settings` sets its own. */
  set(settings: FaultSettings): void {
    this.replace(
      this.baseline.latencyMs === undefined ? settings : { latencyMs: this.baseline.latencyMs, ...settings },
    );
  }

  /** Restores the settings the emulator started with. */
  restoreBaseline(): void {
    this.replace(this.baseline);
  }

  /** The current settings, with the script showing what is left of it. */
  current(): FaultSettings {
    const { script: _script, ...rest } = this.settings;
    if (this.script.length === 0) return rest;
    return {
      ...rest,
      script: this.script.map(({ remaining, ...entry }) => ({ ...entry, times: remaining })),
    };
  }

  /** How far the search index trails writes, in milliseconds. @default 0 */
  searchLagMs(): number {
    return this.settings.searchLagMs ?? 0;
  }

  /** Token lifetime override for tokens issued from now on, if set. */
  tokenTtlSeconds(): number | undefined {
    return this.settings.tokenTtlSeconds;
  }

  /** Decides the fault for one API request; consumes script entries and rate-limit tokens. */
  decide(method: string, path: string): FaultDecision {
    const latencyMs = this.settings.latencyMs ?? 0;
    const retryAfterSeconds = this.settings.retryAfterSeconds ?? 1;
    const waitSeconds = this.takeRateLimitToken();
    if (waitSeconds !== undefined) {
      return { latencyMs, retryAfterSeconds: waitSeconds, fault: "429", injected: "rateLimit" };
    }
    const entry = this.takeScriptEntry(method.toUpperCase(), path);
    if (entry !== undefined) {
      const fault = entry.fault;
      return {
        latencyMs: latencyMs + (entry.latencyMs ?? 0),
        retryAfterSeconds,
        fault,
        injected: fault ?? (entry.latencyMs === undefined ? undefined : "latency"),
      };
    }
    const fault = this.drawFault();
    return { latencyMs, retryAfterSeconds, fault, injected: fault };
  }

  private takeScriptEntry(method: string, path: string): ScriptEntry | undefined {
    const index = this.script.findIndex(
      (entry) =>
        (entry.method === undefined || entry.method === method) &&
        (entry.pathPrefix === undefined || path.startsWith(entry.pathPrefix)),
    );
    const entry = this.script[index];
    if (entry === undefined) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.script.splice(index, 1);
    return entry;
  }

  private drawFault(): FaultKind | undefined {
    const rates = this.settings.rates;
    if (rates === undefined) return undefined;
    const draw = this.random();
    let cumulative = 0;
    for (const kind of FAULT_KINDS) {
      cumulative += rates[kind] ?? 0;
      if (draw < cumulative) return kind;
    }
    return undefined;
  }

  /**
   * Takes a token from the `rateLimitPerSecond` bucket (it holds at most one second's worth, refilled continuously).
   * Answers undefined when the request may pass, else the whole seconds until a token is there (at least 1).
   */
  private takeRateLimitToken(): number | undefined {
    const perSecond = this.settings.rateLimitPerSecond;
    if (perSecond === undefined) return undefined;
    const now = Date.now();
    const refill = ((now - this.bucketUpdatedAt) / 1000) * perSecond;
    this.bucketTokens = Math.min(Math.max(1, perSecond), this.bucketTokens + refill);
    this.bucketUpdatedAt = now;
    if (this.bucketTokens >= 1) {
      this.bucketTokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - this.bucketTokens) / perSecond));
  }
}
