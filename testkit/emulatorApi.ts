import type { LoggedRequest, RunningEmulator } from "../emulator";

type Json = Record<string, unknown>;

/** One API request as the emulator logged it. */
export type LoggedApiRequest = LoggedRequest;

export const EMULATOR_CREDENTIALS = { clientId: "idgov-emulator", clientSecret: "emulator-secret" };

/** The stack configuration a program would set to reach this emulator. */
export function stackConfig(emulator: RunningEmulator): Record<string, string> {
  return {
    "idgov:baseUrl": emulator.url,
    "idgov:clientId": EMULATOR_CREDENTIALS.clientId,
    "idgov:clientSecret": EMULATOR_CREDENTIALS.clientSecret,
    "idgov:maxRetries": "2",
  };
}

/** The API requests (not token requests) the emulator received since the log was last cleared. */
export async function apiRequests(emulator: RunningEmulator): Promise<LoggedApiRequest[]> {
  const answer = (await (await fetch(`${emulator.url}/__emulator/requests`)).json()) as {
    requests: LoggedApiRequest[];
  };
  return answer.requests.filter((request) => request.path.startsWith("/api/"));
}

/** Puts the emulator's tenant back to its seed. */
/**
 * Whether a logged request changes something: every method but GET, except the searches (`POST /api/v1/search/…`),
 * which only read (lookups, and reads of many objects at once).
 */
export function isWrite(request: { method: string; path: string }): boolean {
  return (
    request.method !== "GET" && !(request.method === "POST" && request.path.startsWith("/api/v1/search/"))
  );
}

export async function resetEmulator(emulator: RunningEmulator): Promise<void> {
  await fetch(`${emulator.url}/__emulator/reset`, { method: "POST" });
}

export async function clearRequests(emulator: RunningEmulator): Promise<void> {
  await fetch(`${emulator.url}/__emulator/requests`, { method: "DELETE" });
}

/**
 * Calls the emulator's API directly, as someone changing the tenant outside Pulumi would; the request log is
 * cleared afterwards so tests see only what the provider sent.
 */
export async function outOfBand(
  emulator: RunningEmulator,
  method: string,
  path: string,
  body?: Json,
): Promise<Json> {
  const form = new URLSearchParams({
    grant_type: "client_credentials",
    client_id: EMULATOR_CREDENTIALS.clientId,
    client_secret: EMULATOR_CREDENTIALS.clientSecret,
  });
  const token = (await (
    await fetch(`${emulator.url}/auth/v1/token`, { method: "POST", body: form })
  ).json()) as {
    access_token: string;
  };
  const answer = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token.access_token}`, "content-type": "application/json" },
    ...(method === "GET" ? {} : { body: JSON.stringify(body ?? {}) }),
  });
  const json = (await answer.json()) as Json;
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`);
  await clearRequests(emulator);
  return json;
}

/** Replaces the emulator's fault settings (`{}` clears them). */
export async function setFaults(emulator: RunningEmulator, settings: Json): Promise<void> {
  const answer = await fetch(`${emulator.url}/__emulator/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(settings),
  });
  if (!answer.ok) throw new Error(`faults: ${answer.status} ${await answer.text()}`);
}

/** Grows the tenant by `apps` generated Apps at once (`POST /__emulator/grow`); answers how many it then holds. */
export async function growTenant(emulator: RunningEmulator, apps: number): Promise<number> {
  const answer = await fetch(`${emulator.url}/__emulator/grow`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ apps }),
  });
  if (!answer.ok) throw new Error(`grow: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { apps: number }).apps;
}
