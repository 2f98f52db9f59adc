import { IdgovApiError } from "../errors/api-error";
import { type FetchedPage, paginateItems, withPageFields } from "./paginate";

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

/** Sends one search (every page of it) and yields what it found; with no `ids`, the sweep's search of every object. */
export type RunSearch = (batch: BatchRead, ids: readonly string[] | undefined) => AsyncIterable<FoundItem>;

/** Timing of a {@link ReadCoalescer}. */
export interface CoalescingOptions {
  /**
   * A window closes once no read has joined it for this long, or at once when it holds as many reads as were ever
   * waiting together before. Reads of a refresh arrive in waves of the engine's parallelism, up to a few ms apart on a
   * busy host: 10 ms catches the first wave and costs a lone read 10 ms, and each later wave is sent as it is whole.
   * (At 5 ms, a pause of the engine in the middle of a wave split about one wave in a hundred in two searches.)
   * @default 10
   */
  quietMs?: number;
  /** A window never stays open longer than this from its first read. @default 30 */
  maxWaitMs?: number;
  /** Most ids in one search request (the service's largest page). @default 100 */
  maxIds?: number;
  /**
   * Searches by id of one collection, each for a wave of reads, before it is swept (when its {@link BatchRead} can
   * be): from then on, reads that keep coming in waves are answered by one read of the collection. @default 10
   */
  sweepAfterSearches?: number;
  /** Most objects a sweep reads (in pages of 100) before it gives up and reads go on by id. @default 2000 */
  sweepMaxObjects?: number;
  /** A sweep answers reads until none has come for this long. @default 1000 */
  sweepIdleMs?: number;
}

/** Statuses that say the service does not serve the search at all: reads go back to GETs for the process. */
const NOT_SERVED = new Set([404, 405, 501]);

/** Searches of one route that fail in a row before its reads go to GETs for the rest of the process. */
const FAILURES_BEFORE_GETS = 2;

/** Every object of a collection, read page by page while a burst of reads goes on. */
interface Sweep {
  readonly found: Map<string, FoundItem>;
  /** Every page is read: an id not in `found` was not in the collection. */
  complete: boolean;
  /** When a read last asked the sweep: it is dropped after `sweepIdleMs` without one. */
  askedAt: number;
}

interface Window {
  readonly waiters: Map<string, ((found: FoundItem | undefined) => void)[]>;
  readonly openedAt: number;
  /** When the last read joined: the window closes `quietMs` after it. */
  joinedAt: number;
  /** One timer a window, moved on when it fires early, rather than one for every read that joins. */
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Coalesces reads by id: reads of one collection that arrive together are answered by one search with their ids (in
 * requests of at most `maxIds`), within a short window. It answers a found item, or undefined when the caller must
 * read by GET: a lone read, an id written by this process (the search index can trail a write), an id the search did
 * not return (it may be gone, or not indexed yet: only a GET says), or a search that failed. A search is sent once,
 * without the client's retries of a 5xx or a lost connection (a 429 waits out the tenant's pause as every request
 * does): its reads go to GETs at once, and after two failures in a row, every read of that route for the process.
 * Reads that keep coming in waves (a refresh) sweep a collection that can be swept: one read of all of it, whose
 * objects answer the later reads with no request ({@link CoalescingOptions.sweepAfterSearches}).
 */
export class ReadCoalescer {
  private readonly windows = new Map<string, Window>();
  private readonly written = new Set<string>();
  private readonly notServed = new Set<string>();
  /** Searches of each route that failed since its last one that answered. */
  private readonly failuresInARow = new Map<string, number>();
  private readonly quietMs: number;
  private readonly maxWaitMs: number;
  private readonly maxIds: number;
  private readonly sweepAfterSearches: number;
  private readonly sweepMaxObjects: number;
  private readonly sweepIdleMs: number;
  private readonly sweeps = new Map<string, Sweep>();
  /** Searches by id of each route since its last sweep: it is swept after `sweepAfterSearches`. */
  private readonly searchesSinceSweep = new Map<string, number>();
  /** Routes whose collection was too large to sweep, or whose sweep failed: never swept again in the process. */
  private readonly unsweepable = new Set<string>();
  /** Reads waiting for an answer now (in a window or a search), and the most seen when a window closed. */
  private waiting = 0;
  private mostWaiting = 0;
  /**
   * Counters: searches by id sent, sweeps started, reads the searches answered, reads a sweep answered, reads left to a
   * GET, answered items out of shape (read by GET).
   */
  readonly stats = { searches: 0, sweeps: 0, answered: 0, swept: 0, toGet: 0, unreadable: 0 };

  constructor(
    private readonly runSearch: RunSearch,
    options: CoalescingOptions = {},
  ) {
    this.quietMs = options.quietMs ?? 10;
    this.maxWaitMs = options.maxWaitMs ?? 30;
    this.maxIds = options.maxIds ?? 100;
    this.sweepAfterSearches = options.sweepAfterSearches ?? 10;
    this.sweepMaxObjects = options.sweepMaxObjects ?? 2000;
    this.sweepIdleMs = options.sweepIdleMs ?? 1000;
  }

  /** Notes that this process wrote (created, updated or deleted) `id`: from now on it is read by GET. */
  noteWritten(batch: BatchRead, id: string): void {
    this.written.add(`${batch.path} ${id}`);
  }

  /** The object `id` as the search found it, or undefined when it must be read by GET. */
  read(batch: BatchRead, id: string): Promise<FoundItem | undefined> {
    if (this.notServed.has(batch.path) || this.written.has(`${batch.path} ${id}`)) {
      this.stats.toGet += 1;
      return Promise.resolve(undefined);
    }
    const now = Date.now();
    const swept = this.swept(batch.path, id, now);
    if (swept !== undefined) {
      if (swept) this.stats.swept += 1;
      else this.stats.toGet += 1;
      return Promise.resolve(swept ?? undefined);
    }
    let window = this.windows.get(batch.path);
    if (!window) {
      window = { waiters: new Map(), openedAt: now, joinedAt: now, timer: undefined };
      this.windows.set(batch.path, window);
    }
    const open = window;
    open.joinedAt = now;
    const answer = new Promise<FoundItem | undefined>((resolve) => {
      open.waiters.set(id, [...(open.waiters.get(id) ?? []), resolve]);
    });
    this.waiting += 1;
    if (this.mostWaiting > 1 && open.waiters.size >= this.mostWaiting) {
      this.close(batch, open);
      return answer;
    }
    if (!open.timer) this.closeWhenQuiet(batch, open);
    return answer;
  }

  /** Closes `window` once no read has joined it for `quietMs`, or `maxWaitMs` after it opened. */
  private closeWhenQuiet(batch: BatchRead, window: Window): void {
    const due = () => Math.min(window.joinedAt + this.quietMs, window.openedAt + this.maxWaitMs);
    window.timer = setTimeout(
      () => (Date.now() >= due() ? this.close(batch, window) : this.closeWhenQuiet(batch, window)),
      Math.max(0, due() - Date.now()),
    );
  }

  private close(batch: BatchRead, window: Window): void {
    clearTimeout(window.timer);
    if (this.windows.get(batch.path) === window) this.windows.delete(batch.path);
    this.mostWaiting = Math.max(this.mostWaiting, this.waiting);
    const ids = [...window.waiters.keys()];
    if (ids.length === 1) {
      this.settle(window, ids, new Map());
      return;
    }
    this.noteSearched(batch);
    for (let start = 0; start < ids.length; start += this.maxIds) {
      const chunk = ids.slice(start, start + this.maxIds);
      void this.search(batch, chunk).then((found) => this.settle(window, chunk, found));
    }
  }

  private async search(batch: BatchRead, ids: readonly string[]): Promise<Map<string, FoundItem>> {
    const found = new Map<string, FoundItem>();
    this.stats.searches += 1;
    try {
      for await (const entry of this.runSearch(batch, ids)) {
        const id = entry.item.id;
        if (typeof id === "string" && ids.includes(id)) found.set(id, entry);
      }
    } catch (error) {
      const failures = (this.failuresInARow.get(batch.path) ?? 0) + 1;
      this.failuresInARow.set(batch.path, failures);
      const notServed = error instanceof IdgovApiError && NOT_SERVED.has(error.status);
      if (notServed || failures >= FAILURES_BEFORE_GETS) this.notServed.add(batch.path);
      return new Map();
    }
    this.failuresInARow.delete(batch.path);
    return found;
  }

  /**
   * What the collection's sweep knows of `id`: the object as it read it, `null` when the sweep read every page and did
   * not find it (a GET confirms it gone), or undefined when there is no sweep or it has not read `id` (yet).
   */
  private swept(path: string, id: string, now: number): FoundItem | null | undefined {
    const sweep = this.sweeps.get(path);
    if (!sweep) return undefined;
    if (now - sweep.askedAt > this.sweepIdleMs) {
      // The burst of reads that prompted the sweep is over: later reads are read afresh.
      this.sweeps.delete(path);
      this.searchesSinceSweep.delete(path);
      return undefined;
    }
    sweep.askedAt = now;
    return sweep.found.get(id) ?? (sweep.complete ? null : undefined);
  }

  /** Counts a search by id on `batch`'s route, and starts its sweep once there were enough. */
  private noteSearched(batch: BatchRead): void {
    if (!batch.sweepBody || this.sweeps.has(batch.path) || this.unsweepable.has(batch.path)) return;
    const searches = (this.searchesSinceSweep.get(batch.path) ?? 0) + 1;
    this.searchesSinceSweep.set(batch.path, searches);
    if (searches >= this.sweepAfterSearches) void this.sweep(batch);
  }

  /**
   * Reads every object of `batch`'s collection, page by page, into a sweep that answers the reads that come while it
   * is fresh. A collection larger than `sweepMaxObjects`, or a page that fails, ends it: its reads go on by id.
   */
  private async sweep(batch: BatchRead): Promise<void> {
    const sweep: Sweep = { found: new Map(), complete: false, askedAt: Date.now() };
    this.sweeps.set(batch.path, sweep);
    this.stats.sweeps += 1;
    try {
      for await (const entry of this.runSearch(batch, undefined)) {
        if (this.sweeps.get(batch.path) !== sweep) return;
        const id = entry.item.id;
        if (typeof id === "string") sweep.found.set(id, entry);
        if (sweep.found.size >= this.sweepMaxObjects) {
          this.unsweepable.add(batch.path);
          return;
        }
      }
      sweep.complete = true;
    } catch {
      this.unsweepable.add(batch.path);
    }
  }

  private settle(window: Window, ids: readonly string[], found: Map<string, FoundItem>): void {
    for (const id of ids) {
      const entry = found.get(id);
      if (entry) this.stats.answered += 1;
      else this.stats.toGet += 1;
      for (const resolve of window.waiters.get(id) ?? []) {
        this.waiting -= 1;
        resolve(entry);
      }
    }
  }
}

/** One search request as the client sends it. */
type SendSearch = (request: {
  method: "POST";
  path: string;
  body: unknown;
  idempotent: true;
  maxRetries: 0;
}) => Promise<FetchedPage>;

/**
 * Every object a search by `ids` answers (with no `ids`, the sweep's search of them all), page by page (100 a page),
 * each with its page's request id; items that are not objects are left out (their reads go to a GET). Pages are
 * checked as any list's ({@link paginateItems}).
 */
export async function* searchByIds(
  send: SendSearch,
  batch: BatchRead,
  ids: readonly string[] | undefined,
): AsyncGenerator<FoundItem> {
  const search = { method: "POST" as const, path: batch.path, body: ids ? batch.body(ids) : batch.sweepBody };
  const pages = paginateItems<FoundItem | undefined>(
    (pageToken) => send({ idempotent: true, maxRetries: 0, ...withPageFields(search, 100, pageToken) }),
    {
      itemsKey: batch.itemsKey,
      method: "POST",
      path: batch.path,
      parseItem: (item, page) =>
        typeof item === "object" && item !== null && !Array.isArray(item)
          ? { item: item as Record<string, unknown>, requestId: page.requestId }
          : undefined,
    },
  );
  for await (const found of pages) if (found) yield found;
}
