/**
 * The one tenant reader: every live object of a kind, read the way its declaration's `listing` says. `pulumi-idgov
 * audit`, `pulumi-idgov export` and the provider's `List` all read through it.
 */
import type { ApiClient, ListPaging, LiveObject } from "../engine";
import { isGoneAnswer } from "../errors";
import type { KindDeclaration } from "./declaration";

/** The name a live object shows: its display name, else its id. */
export function displayNameOf(live: LiveObject): string {
  const name = live.fields.displayName;
  return typeof name === "string" && name !== "" ? name : live.id;
}

/** An `(app, resource type)` collection of app resources. */
export interface AppResourceCollection {
  readonly appId: string;
  readonly appResourceTypeId: string;
}

/**
 * What the kinds that cannot be listed in full need named: the collections a `collections` kind lists (app resources),
 * and the ids a `named` kind reads (access-review campaigns, which cannot be listed).
 */
export interface ListingScope {
  readonly appResourceCollections: readonly AppResourceCollection[];
  readonly accessReviews: readonly string[];
}

/** How a reader reads. */
export interface ReadOptions {
  /**
   * The client for one read, given what the read is: `list App`, `list AppResource app/type`, `read SsoSettings sso`
   * (errors name it).
   */
  readonly client: (operation: string) => ApiClient;
  /** Where a listing resumes and who hears of each page (the provider's `List`). */
  readonly paging?: ListPaging;
  /**
   * The error for a named object (a singleton, a campaign) that is gone, or for a named collection whose app or
   * type is gone, from the operation, the kind and the object's id; absent, what is gone is skipped.
   */
  readonly gone?: (operation: string, kind: string, id: string) => Error;
}

type Read = () => AsyncGenerator<LiveObject>;

async function* listed(kind: KindDeclaration, operation: string, options: ReadOptions, inputs = {}) {
  const list = kind.api.list;
  if (!list) throw new Error(`${kind.name} cannot be listed`);
  yield* list(options.client(operation), inputs, options.paging);
}

/** The list of one named collection; a collection whose app or type is gone holds none, unless `gone` says. */
async function* collection(kind: KindDeclaration, named: AppResourceCollection, options: ReadOptions) {
  const operation = `list ${kind.name} ${named.appId}/${named.appResourceTypeId}`;
  try {
    yield* listed(kind, operation, options, { ...named });
  } catch (error) {
    if (options.gone || !isGoneAnswer(error)) throw error;
  }
}

async function* readOne(kind: KindDeclaration, id: string, options: ReadOptions) {
  const operation = `read ${kind.name} ${id}`;
  const live = await kind.api.get(options.client(operation), id);
  if (live) yield live;
  else if (options.gone) throw options.gone(operation, kind.name, id);
}

/** The reads that together give every live object of the kind (within `scope`), in order. */
function readsOf(kind: KindDeclaration, scope: ListingScope, options: ReadOptions): Read[] {
  switch (kind.listing) {
    case "list":
      return [() => listed(kind, `list ${kind.name}`, options)];
    case "singleton":
      return [() => readOne(kind, String(kind.singleton), options)];
    case "collections":
      return scope.appResourceCollections.map((named) => () => collection(kind, named, options));
    case "named":
      return scope.accessReviews.map((id) => () => readOne(kind, id, options));
  }
}

/**
 * Every live object of a kind in the tenant (within `scope` for kinds that need it named), paged through whole, one
 * read after another; listings follow `options.paging` (the provider's `List` resumes a listing with it).
 */
export async function* liveObjectsOf(
  kind: KindDeclaration,
  scope: ListingScope,
  options: ReadOptions,
): AsyncGenerator<LiveObject> {
  for (const read of readsOf(kind, scope, options)) yield* read();
}

/** Every live object of a kind, as {@link liveObjectsOf} gives them, its reads at once (the client bounds them). */
export async function readLiveObjects(
  kind: KindDeclaration,
  scope: ListingScope,
  options: ReadOptions,
): Promise<LiveObject[]> {
  const perRead = await Promise.all(
    readsOf(kind, scope, options).map(async (read) => {
      const objects: LiveObject[] = [];
      for await (const live of read()) objects.push(live);
      return objects;
    }),
  );
  return perRead.flat();
}

/**
 * Reads every live object of each kind, the kinds at once (the client bounds the requests in flight, retries and
 * waits out rate limits): only GETs and list searches. `take` turns one kind's objects into what the reader keeps, as
 * that kind's reads complete (a command reports progress there); the kept items come back in the order of `kinds`.
 * Any failure rejects, naming the operation.
 */
export async function readKinds<Kept>(
  kinds: readonly KindDeclaration[],
  scope: ListingScope,
  optionsOf: (kind: KindDeclaration) => ReadOptions,
  take: (kind: KindDeclaration, objects: readonly LiveObject[]) => readonly Kept[],
): Promise<Kept[]> {
  const perKind = await Promise.all(
    kinds.map(async (kind) => take(kind, await readLiveObjects(kind, scope, optionsOf(kind)))),
  );
  return perKind.flat();
}
