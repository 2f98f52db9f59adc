import type { PageRead } from "./paginate";

/** How the objects of one collection are read many at once: a search that takes their ids (reference 4). */
export interface BatchRead {
  /** The search route, e.g. `/api/v1/search/apps`; reads of one route are coalesced together. */
  readonly path: string;
  /** The search body that limits the results to `ids` (`{appIds}`, `{refs: [{id}]}`). */
  readonly body: (ids: readonly string[]) => Record<string, unknown>;
  /** Member of each page holding the items. */
  readonly itemsKey: string;
  /** An item in the shape of the GET's answer (`item => ({ app: item })`), so one schema checks both. */
  readonly asAnswer: (item: Record<string, unknown>) => Record<string, unknown>;
  /** The search body that names no ids, for a sweep of the whole collection; absent: the collection is never swept. */
  readonly sweepBody?: Record<string, unknown>;
}

/** One object a search answered, with the request id of its page. */
export interface FoundItem {
  readonly item: Record<string, unknown>;
  readonly requestId: string | undefined;
}

/**
 * Sends one search (every page of it) and yields what it found; with no `ids`, the sweep's search of every object.
 * `onPage` hears of each page before its items are yielded: the next page is fetched only once they are all taken.
 */
export type RunSearch = (
  batch: BatchRead,
  ids: readonly string[] | undefined,
  onPage?: (page: PageRead) => void,
) => AsyncIterable<FoundItem>;

/** When a collection is swept, and how much of it. */
export interface SweepOptions {
  /**
   * Searches by id of one collection, each for a wave of reads, before it is swept (when its {@link BatchRead} can
   * be): from then on, reads that keep coming in waves are answered by one read of the collection. @default 10
   */
  sweepAfterSearches?: number;
  /**
   * Objects a sweep may read for each object the process has asked for, before its next page: a sweep costs what the
   * reads it answers would, and a small stack in a large tenant reads a page or two of it, not the tenant. @default 2
   */
  sweepObjectsPerRead?: number;
  /** A sweep answers reads, and reads pages, until none has come for this long. @default 1000 */
  sweepIdleMs?: number;
}

/** Every object of a collection, read page by page while a burst of reads goes on. */
interface Sweep {
  readonly found: Map<string, FoundItem>;
  /** Every page is read: an id not in `found` was not in the collection. */
  complete: boolean;
  /** When a read last asked the sweep: it stops, and is dropped, `sweepIdleMs` after. */
  askedAt: number;
  /** Told when a read asks, while the sweep waits for reads to justify its next page. */
  wake: (() => void) | undefined;
}

/**
 * The sweeps of a process: once reads of a collection keep coming in waves, one read of all of it, page by page,
 * whose objects answer the later reads with no request. A sweep reads its next page only while reads keep coming and
 * the objects asked for justify it ({@link SweepOptions.sweepObjectsPerRead}); a collection is swept once a process,
 * so a pause (a tenant's rate limit) that outlasts a sweep does not start another.
 */
export class CollectionSweeps {
  private readonly sweepAfterSearches: number;
  private readonly objectsPerRead: number;
  private readonly idleMs: number;
  private readonly sweeps = new Map<string, Sweep>();
  /** The ids asked of each route in this process: the stack's own objects, which bound a sweep's pages. */
  private readonly asked = new Map<string, Set<string>>();
  /** Searches by id of each route, until it is swept. */
  private readonly searches = new Map<string, number>();
  /** Routes swept (or whose sweep failed) in this process: never swept again. */
  private readonly swept = new Set<string>();
  /** `stats` counts the sweeps started and the pages they read. */
  constructor(
    private readonly runSearch: RunSearch,
    private readonly stats: { sweeps: number; sweepPages: number },
    options: SweepOptions = {},
  ) {
    this.sweepAfterSearches = options.sweepAfterSearches ?? 10;
    this.objectsPerRead = options.sweepObjectsPerRead ?? 2;
    this.idleMs = options.sweepIdleMs ?? 1000;
  }

  /**
   * Notes a read of `id`, and answers what the collection's sweep knows of it: the object as it read it, `null` when
   * the sweep read every page and did not find it (a GET confirms it gone), or undefined when there is no sweep or it
   * has not read `id` (yet).
   */
  known(batch: BatchRead, id: string, now: number): FoundItem | null | undefined {
    const asked = this.asked.get(batch.path) ?? new Set<string>();
    this.asked.set(batch.path, asked.add(id));
    const sweep = this.sweeps.get(batch.path);
    if (!sweep) return undefined;
    if (now - sweep.askedAt > this.idleMs) {
      // The burst of reads that prompted the sweep is over: later reads are read afresh.
      this.sweeps.delete(batch.path);
      return undefined;
    }
    sweep.askedAt = now;
    sweep.wake?.();
    return sweep.found.get(id) ?? (sweep.complete ? null : undefined);
  }

  /** Counts a search by id on `batch`'s route, and starts its sweep once there were enough. */
  noteSearched(batch: BatchRead): void {
    if (!batch.sweepBody || this.swept.has(batch.path)) return;
    const searches = (this.searches.get(batch.path) ?? 0) + 1;
    this.searches.set(batch.path, searches);
    if (searches >= this.sweepAfterSearches) void this.sweep(batch);
  }

  /**
   * Reads the objects of `batch`'s collection into a sweep that answers the reads that come while it is fresh, a page
   * at a time while reads keep coming and justify it. A page that fails ends it: its reads go on by id.
   */
  private async sweep(batch: BatchRead): Promise<void> {
    const sweep: Sweep = { found: new Map(), complete: false, askedAt: Date.now(), wake: undefined };
    this.sweeps.set(batch.path, sweep);
    this.swept.add(batch.path);
    this.stats.sweeps += 1;
    let read = 0;
    let leftOnPage = 0;
    const items = this.runSearch(batch, undefined, (page) => {
      this.stats.sweepPages += 1;
      read += page.size;
      leftOnPage = page.size;
    })[Symbol.asyncIterator]();
    try {
      for (;;) {
        // Taking the next item past a page's last fetches a page: only while reads keep coming and justify it.
        if (leftOnPage === 0 && !(await this.mayReadMore(batch.path, sweep, () => read))) return;
        const next = await items.next();
        if (next.done) {
          sweep.complete = true;
          return;
        }
        leftOnPage -= 1;
        const id = next.value.item.id;
        if (typeof id === "string") sweep.found.set(id, next.value);
      }
    } catch {
      // A page that failed: the reads go on by id.
    } finally {
      sweep.wake = undefined;
      void items.return?.();
    }
  }

  /**
   * Whether the sweep of `path` may read its next page, waiting while it may not yet: not once reads have stopped
   * coming for `sweepIdleMs`, and only while it has read fewer objects than `sweepObjectsPerRead` for each asked for.
   */
  private mayReadMore(path: string, sweep: Sweep, objectsRead: () => number): Promise<boolean> {
    const justified = () => objectsRead() < this.objectsPerRead * (this.asked.get(path)?.size ?? 0);
    const idleFor = () => Date.now() - sweep.askedAt;
    if (idleFor() > this.idleMs) return Promise.resolve(false);
    if (justified()) return Promise.resolve(true);
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout>;
      const settle = (more: boolean) => {
        clearTimeout(timer);
        sweep.wake = undefined;
        resolve(more);
      };
      const whenIdle = () => {
        timer = setTimeout(
          () => (idleFor() > this.idleMs ? settle(false) : whenIdle()),
          this.idleMs - idleFor() + 1,
        );
        timer.unref?.();
      };
      sweep.wake = () => {
        if (justified()) settle(true);
      };
      whenIdle();
    });
  }
}
