import type { JsonObject, TenantState } from "./state";

/** What the search index holds of one collection: each object as last indexed, and when a gone one was noticed. */
interface IndexedCollection {
  readonly seen: Map<string, string>;
  readonly goneSince: Map<string, number>;
}

const indexes = new WeakMap<TenantState, Map<string, IndexedCollection>>();

function indexOf(state: TenantState, collection: string): IndexedCollection {
  let byCollection = indexes.get(state);
  if (!byCollection) indexes.set(state, (byCollection = new Map()));
  let index = byCollection.get(collection);
  if (!index) byCollection.set(collection, (index = { seen: new Map(), goneSince: new Map() }));
  return index;
}

function writtenAt(record: JsonObject): number {
  return Date.parse(String(record["updatedAt"] ?? record["createdAt"] ?? "")) || 0;
}

/**
 * The records a search sees, in the given order, when the index trails writes by `lagMs` (reference 4: "the service's
 * search index can trail a write by a moment"). A record written less than `lagMs` ago is seen as it was last indexed
 * (stale), or not at all when it was never indexed; a deleted one is still seen for `lagMs` after the index noticed.
 * With no lag the records are seen as they are. `answer` makes the answer form of a record.
 */
export function indexedRecords(
  state: TenantState,
  collection: string,
  records: readonly JsonObject[],
  lagMs: number,
  answer: (record: JsonObject) => JsonObject,
  now: number = Date.now(),
): JsonObject[] {
  if (lagMs <= 0) return records.map(answer);
  const index = indexOf(state, collection);
  const seen: JsonObject[] = [];
  const present = new Set<string>();
  for (const record of records) {
    const id = String(record["id"]);
    present.add(id);
    index.goneSince.delete(id);
    if (now - writtenAt(record) >= lagMs) index.seen.set(id, JSON.stringify(answer(record)));
    const text = index.seen.get(id);
    if (text !== undefined) seen.push(JSON.parse(text) as JsonObject);
  }
  for (const [id, text] of index.seen) {
    if (present.has(id)) continue;
    const since = index.goneSince.get(id) ?? now;
    index.goneSince.set(id, since);
    if (now - since < lagMs) seen.push(JSON.parse(text) as JsonObject);
    else {
      index.seen.delete(id);
      index.goneSince.delete(id);
    }
  }
  return seen;
}
