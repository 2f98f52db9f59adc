import type { RunningEmulator } from "../../emulator";
import { apiRequests } from "../../resources/harness/emulatorApi";
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

/** The calls that change something: everything but GET. */
export function writesOf(calls: readonly ApiCall[]): ApiCall[] {
  return calls
    .filter((call) => call.method !== "GET")
    .map(({ method, path, body }) => ({ method, path, body }));
}

/**
 * Calls sorted by method and path, for comparing runs whose calls the engine makes in parallel (calls to the same
 * method and path keep their order).
 */
export function inCallOrder(calls: readonly ApiCall[]): ApiCall[] {
  const key = (call: ApiCall) => `${call.method} ${call.path}`;
  return calls
    .map(({ method, path, body }) => ({ method, path, body }))
    .sort((a, b) => key(a).localeCompare(key(b)));
}
