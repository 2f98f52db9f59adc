/** A counting semaphore: at most `limit` holders at once, the rest wait in arrival order. */
export class Semaphore {
  private available: number;
  private readonly waiters: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`semaphore limit must be ≥ 1, got ${limit}`);
    this.available = limit;
  }

  /** Runs `task` once a slot is free, and frees the slot when it settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Holders right now. */
  get inUse(): number {
    return this.limit - this.available;
  }

  private acquire(): Promise<void> {
    if (this.available > 0) {
      this.available -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.available += 1;
  }
}
