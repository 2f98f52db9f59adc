import type { RunningEmulator } from "../../../emulator";
import { apiRequests, isWrite } from "../../resources/harness/emulatorApi";
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
    .map(({ method, path, body }) => ({ method, path, body }))
    .sort((a, b) => key(a).localeCompare(key(b)));
}
