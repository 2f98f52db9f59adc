import type { RunningEmulator } from "../../../emulator";
import { apiRequests, isWrite } from "../../../testkit/emulatorApi";
import type { ApiCall } from "../exampleSpec";

/** The API calls (not token requests) the emulator received since its log was last cleared, with their status. */
export async function loggedCalls(emulator: RunningEmulator): Promise<(ApiCall & { status: number })[]> {
  return (await apiRequests(emulator)).map(({ method, path, body, status }) => ({
    method: method as ApiCall["method"],
    path,
    body,
    status,
  }));
}

const sameRoute = (a: ApiCall, b: ApiCall) => a.method === b.method && a.path === b.path;

/** The calls besides the program's lookups (which run each time the program runs), without their status. */
export function withoutLookups(calls: readonly ApiCall[], lookups: readonly ApiCall[] = []): ApiCall[] {
  return calls
    .filter((call) => !lookups.some((lookup) => sameRoute(call, lookup)))
    .map(({ method, path, body }) => ({ method, path, body }));
}

/** The calls that change something: everything but reads (GETs and searches) and the program's lookups. */
export function writesOf(calls: readonly ApiCall[], lookups: readonly ApiCall[] = []): ApiCall[] {
  return withoutLookups(calls, lookups).filter(isWrite);
}

/** JSON text of a value with object keys sorted, so equal values give equal text. */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/** Calls in a fixed order (method, path, body), for comparing runs whose calls the engine makes in parallel. */
export function inCallOrder(calls: readonly ApiCall[]): ApiCall[] {
  const key = (call: ApiCall) => `${call.method} ${call.path} ${sortedJson(call.body)}`;
  return calls
    .flatMap(asSingleReads)
    .map(({ method, path, body }) => ({ method, path, body }))
    .sort((a, b) => key(a).localeCompare(key(b)));
}

/** The item route each search by ids reads, and the ids of one search's body. */
const SEARCHES_BY_ID: Record<string, { item: string; ids: (body: any) => unknown }> = {
  "/api/v1/search/apps": { item: "/api/v1/apps/", ids: (body) => body?.appIds },
  "/api/v1/search/automations": {
    item: "/api/v1/automations/",
    ids: (body) => body?.refs?.map((ref: any) => ref?.id),
  },
};

/**
 * A search by ids as the GET of each id it reads: whether reads that arrive together are answered by one search or
 * by a GET each depends on their timing, and either is the same reads.
 */
function asSingleReads(call: ApiCall): ApiCall[] {
  const search = call.method === "POST" ? SEARCHES_BY_ID[call.path] : undefined;
  const ids = search?.ids(call.body);
  if (!search || !Array.isArray(ids)) return [call];
  return ids.map((id) => ({ method: "GET", path: `${search.item}${String(id)}`, body: null }) as ApiCall);
}
