import { refreshCounts } from "./counts";
import { notFound } from "./errors";
import type { JsonObject, TenantState } from "./state";

/**
 * The tenant state plus a revision counter. Handlers read and write it synchronously (no `await`
 * between a read and the write that depends on it), so concurrent requests never lose a write.
 */
export class Store {
  private current: TenantState;
  private revisionCount = 0;

  constructor(initial: TenantState) {
    this.current = initial;
  }

  /** The live state; mutate it, then call {@link Store.changed}. */
  get state(): TenantState {
    return this.current;
  }

  /** Increases on every write; persistence saves when it moved. */
  get revision(): number {
    return this.revisionCount;
  }

  /** Records that the state was written, and brings the counts the service answers in line with the records. */
  changed(): void {
    refreshCounts(this.current);
    this.revisionCount += 1;
  }

  /** Replaces the whole state (reset, restore). */
  replace(state: TenantState): void {
    this.current = state;
    this.changed();
  }
}

/** Looks a record up by id or throws 404 `<kind> "<id>" not found`. */
export function requireRecord<T>(collection: Record<string, T>, id: string, kind: string): T {
  const record = Object.prototype.hasOwnProperty.call(collection, id) ? collection[id] : undefined;
  if (record === undefined) throw notFound(`${kind} "${id}" not found`);
  return record;
}

/** Whether a collection holds an id (own property only). */
export function hasRecord(collection: Record<string, unknown>, id: string): boolean {
  return Object.prototype.hasOwnProperty.call(collection, id);
}

/** Records of a collection in a stable order: createdAt ascending, then id. */
export function sortedByCreation(collection: Record<string, JsonObject>): JsonObject[] {
  return Object.values(collection).sort(compareByCreation);
}

/** Orders records by createdAt ascending, then id. */
export function compareByCreation(left: JsonObject, right: JsonObject): number {
  const leftCreated = Date.parse(String(left["createdAt"] ?? "")) || 0;
  const rightCreated = Date.parse(String(right["createdAt"] ?? "")) || 0;
  if (leftCreated !== rightCreated) return leftCreated - rightCreated;
  const leftId = String(left["id"] ?? "");
  const rightId = String(right["id"] ?? "");
  return leftId < rightId ? -1 : leftId > rightId ? 1 : 0;
}

/** A deep copy of JSON data, so answers never alias stored records. */
export function cloneJson<T>(value: T): T {
  return structuredClone(value);
}
