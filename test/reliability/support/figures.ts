import type { InjectedFault, LoggedRequest, RunningEmulator } from "../../../emulator";

/** What a run went through, counted from the emulator's request log. */
export interface FaultFigures {
  /** Requests logged (API and token requests). */
  readonly requests: number;
  /** Requests the emulator faulted, by fault. */
  readonly faultsInjected: Readonly<Partial<Record<InjectedFault, number>>>;
  /** Requests sent again after a faulted attempt of the same request. */
  readonly retriesMade: number;
  /** Requests answered 401 because their token had expired (each followed by a token request and a replay). */
  readonly expiredTokens: number;
  /** The most faults one request met in a row before it got through (or gave up). */
  readonly mostFaultsInARow: number;
}

/** Every request the emulator logged (API and token requests) since the last clear. */
export async function emulatorLog(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  const answer = await fetch(`${emulator.url}/__emulator/requests`);
  return ((await answer.json()) as { requests: LoggedRequest[] }).requests;
}

function requestKey(request: LoggedRequest): string {
  return JSON.stringify([request.method, request.path, request.query, request.body]);
}

/** The number of faults injected, all kinds together. */
export function totalFaults(figures: FaultFigures): number {
  return Object.values(figures.faultsInjected).reduce((sum, count) => sum + count, 0);
}

/**
 * Counts faults and retries in a request log: a request is a retry when the last attempt of the same request
 * (method, path, query and body) was faulted.
 */
export function faultFigures(log: readonly LoggedRequest[]): FaultFigures {
  const faultsInjected: Partial<Record<InjectedFault, number>> = {};
  const faultsInARow = new Map<string, number>();
  let mostFaultsInARow = 0;
  let retriesMade = 0;
  let expiredTokens = 0;
  for (const request of log) {
    const key = requestKey(request);
    if ((faultsInARow.get(key) ?? 0) > 0) retriesMade += 1;
    if (request.fault !== undefined) faultsInjected[request.fault] = (faultsInjected[request.fault] ?? 0) + 1;
    else if (request.status === 401) expiredTokens += 1;
    const inARow = request.fault === undefined ? 0 : (faultsInARow.get(key) ?? 0) + 1;
    faultsInARow.set(key, inARow);
    mostFaultsInARow = Math.max(mostFaultsInARow, inARow);
  }
  return { requests: log.length, faultsInjected, retriesMade, expiredTokens, mostFaultsInARow };
}

/** Prints a scenario's figures in the test output, one line, so a CI log shows them. */
export function printFigures(scenario: string, figures: object): void {
  const parts = Object.entries(figures).map(([name, value]) => `${name} ${formatValue(value)}`);
  console.log(`[reliability] ${scenario}: ${parts.join(", ")}`);
}

function formatValue(value: unknown): string {
  if (value === null || typeof value !== "object") return String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  const total = entries.reduce((sum, [, count]) => sum + Number(count), 0);
  if (entries.length === 0) return "0";
  return `${total} (${entries.map(([name, count]) => `${name}: ${String(count)}`).join(", ")})`;
}
