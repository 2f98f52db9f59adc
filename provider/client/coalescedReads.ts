import { IdgovApiError } from "../errors/api-error";
import { type FetchedPage, type PageRead, paginateItems, withPageFields } from "./paginate";
import { type BatchRead, CollectionSweeps, type FoundItem, type RunSearch, type SweepOptions } from "./sweep";

export type { BatchRead, FoundItem, RunSearch } from "./sweep";

/** Timing of a {@link ReadCoalescer}, and of its sweeps. */
export interface CoalescingOptions extends SweepOptions {
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
}

/** Statuses that say the service does not serve the search at all: reads go back to GETs for the process. */
const NOT_SERVED = new Set([404, 405, 501]);

/** Searches of one route that fail in a row before its reads go to GETs for the rest of the process. */
const FAILURES_BEFORE_GETS = 2;

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
  private readonly sweeps: CollectionSweeps;
  /** Reads waiting for an answer now (in a window or a search), and the most seen when a window closed. */
  private waiting = 0;
  private mostWaiting = 0;
  /**
   * Counters: searches by id sent, sweeps started and the pages they read, reads the searches answered, reads a sweep
   * answered, reads left to a GET, answered items out of shape (read by GET).
   */
  readonly stats = { searches: 0, sweeps: 0, sweepPages: 0, answered: 0, swept: 0, toGet: 0, unreadable: 0 };

  constructor(
    private readonly runSearch: RunSearch,
    options: CoalescingOptions = {},
  ) {
    this.quietMs = options.quietMs ?? 10;
    this.maxWaitMs = options.maxWaitMs ?? 30;
    this.maxIds = options.maxIds ?? 100;
    this.sweeps = new CollectionSweeps(runSearch, this.stats, options);
  }

  /** Notes that this process wrote (created, updated or deleted) `id`: from now on it is read by GET. */
  noteWritten(batch: BatchRead, id: string): void {
    this.written.add(`${batch.path} ${id}`);
  }

  /** The object `id` as the search found it, or undefined when it must be read by GET. */
  read(batch: BatchRead, id: string): Promise<FoundItem | undefined> {
    const now = Date.now();
    const swept = this.sweeps.known(batch, id, now);
    if (this.notServed.has(batch.path) || this.written.has(`${batch.path} ${id}`)) {
      this.stats.toGet += 1;
      return Promise.resolve(undefined);
    }
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
    this.sweeps.noteSearched(batch);
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
  onPage?: (page: PageRead) => void,
): AsyncGenerator<FoundItem> {
  const search = { method: "POST" as const, path: batch.path, body: ids ? batch.body(ids) : batch.sweepBody };
  const pages = paginateItems<FoundItem | undefined>(
    (pageToken) => send({ idempotent: true, maxRetries: 0, ...withPageFields(search, 100, pageToken) }),
    {
      itemsKey: batch.itemsKey,
      method: "POST",
      path: batch.path,
      ...(onPage ? { cursor: { onPage } } : {}),
      parseItem: (item, page) =>
        typeof item === "object" && item !== null && !Array.isArray(item)
          ? { item: item as Record<string, unknown>, requestId: page.requestId }
          : undefined,
    },
  );
  for await (const found of pages) if (found) yield found;
}
