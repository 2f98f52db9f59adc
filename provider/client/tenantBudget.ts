import type { Sleep } from "./retry";

/** Settings of a {@link TenantBudget}. */
export interface TenantBudgetOptions {
  /** Most requests started per second; unset: no pacing. */
  maxRequestsPerSecond?: number | undefined;
  /**
   * How long a 429 without `Retry-After` pauses the tenant's requests. The reference says a 429 carries
   * `Retry-After` in seconds; one second is the smallest wait it can name. @default 1000
   */
  defaultPauseMs?: number;
  /** Waits are lengthened by up to this share of the pause at random, so waiters do not all return at once. @default 0.1 */
  jitter?: number;
  sleep: Sleep;
  now: () => number;
  random: () => number;
}

/**
 * The API budget of one tenant in this process, shared by every request of its client: a 429 pauses every request
 * until the time it names (rather than each request backing off alone while the others keep hitting the limit), and
 * an optional pace keeps the process below the tenant's limit.
 */
export class TenantBudget {
  private pausedUntil = 0;
  private nextSlot = 0;
  private readonly intervalMs: number;
  private readonly defaultPauseMs: number;
  private readonly jitter: number;
  /** Counters: pauses the tenant asked for, and requests held by a pause or by the pace. */
  readonly stats = { pauses: 0, heldByPause: 0, heldByPace: 0 };

  constructor(private readonly options: TenantBudgetOptions) {
    const perSecond = options.maxRequestsPerSecond;
    this.intervalMs = perSecond === undefined ? 0 : 1000 / perSecond;
    this.defaultPauseMs = options.defaultPauseMs ?? 1000;
    this.jitter = options.jitter ?? 0.1;
  }

  /** The instant (epoch ms) before which no request is sent; 0 when there is no pause. */
  get pausedUntilMs(): number {
    return this.pausedUntil;
  }

  /**
   * Waits until a request may be sent: past every pause (a pause that grows while waiting is waited out too), then
   * at its place in the pace. `alreadyWaitedFor`: the pause (its end, epoch ms) the caller waited out itself, a request
   * retried after the 429 that asked for it.
   */
  async beforeSend(alreadyWaitedFor = -1): Promise<void> {
    let waitedFor = alreadyWaitedFor;
    for (;;) {
      const now = this.options.now();
      if (now < this.pausedUntil && this.pausedUntil !== waitedFor) {
        waitedFor = this.pausedUntil;
        this.stats.heldByPause += 1;
        const spread = Math.floor(this.options.random() * this.defaultPauseMs * this.jitter);
        await this.options.sleep(this.pausedUntil - now + spread);
        continue;
      }
      if (this.intervalMs === 0) return;
      const slot = Math.max(now, this.nextSlot);
      this.nextSlot = slot + this.intervalMs;
      if (slot <= now) return;
      this.stats.heldByPace += 1;
      await this.options.sleep(slot - now);
      if (this.options.now() >= this.pausedUntil || this.pausedUntil === waitedFor) return;
    }
  }

  /**
   * A 429 answered: no request of the process is sent before `retryAfterMs` from now (the default when unset).
   * Answers the end of the pause (epoch ms).
   */
  pause(retryAfterMs: number | undefined): number {
    const until = this.options.now() + (retryAfterMs ?? this.defaultPauseMs);
    if (until <= this.pausedUntil) return this.pausedUntil;
    this.pausedUntil = until;
    this.stats.pauses += 1;
    // The pace starts again after the pause, not with a burst of the slots that passed during it.
    this.nextSlot = Math.max(this.nextSlot, until);
    return until;
  }
}
