/**
 * Shared set-up of the client tests: a real emulator over HTTP, clients pointed at it, and its
 * test switches (request log, faults, reset). Point the tests at another emulator by starting it
 * yourself and passing its URL as `IDGOV_TEST_EMULATOR_URL`.
 */
import { createServer } from "node:net";
import {
  startEmulator,
  type EmulatorOptions,
  type LoggedRequest,
  type RunningEmulator,
} from "../../../emulator";
import { IdgovClient, type ClientOptions } from "../../../provider/client/client";
import { resolveProviderConfig, type ProviderConfig } from "../../../provider/client/config";

/** The emulator's default client credentials. */
export const CLIENT_ID = "idgov-emulator";
export const CLIENT_SECRET = "emulator-secret";

/** Fault settings of `POST /__emulator/faults`. */
export interface Faults {
  latencyMs?: number;
  retryAfterSeconds?: number;
  script?: {
    fault:
      | "400"
      | "429"
      | "500"
      | "503"
      | "reset"
      | "dropAfterCommit"
      | "htmlAfterCommit"
      | "emptyAfterCommit"
      | "truncatedAfterCommit"
      | "gatewayNotFoundHtml"
      | "gatewayNotFoundText"
      | "malformedSearchItem";
    method?: string;
    pathPrefix?: string;
    times?: number;
  }[];
  tokenTtlSeconds?: number;
  rateLimitPerSecond?: number;
  searchLagMs?: number;
}

/** A running emulator plus helpers to drive it and to build clients for it. */
export interface Harness {
  url: string;
  /** A client with the emulator's credentials; `config` and `options` override. */
  client(config?: Partial<ProviderConfig>, options?: ClientOptions): IdgovClient;
  /** A client with only a static access token: no client credentials to renew it. */
  staticTokenClient(accessToken: string, options?: ClientOptions): IdgovClient;
  /** Requests logged since the last reset, oldest first. */
  requests(): Promise<LoggedRequest[]>;
  /** Requests logged since the last reset, as `METHOD path status` lines. */
  requestLines(): Promise<string[]>;
  /** Forgets the logged requests, keeping the tenant as it is. */
  clearLog(): Promise<void>;
  faults(settings: Faults): Promise<void>;
  /** Grows the tenant by `apps` generated Apps at once; answers how many it then holds. */
  grow(apps: number): Promise<number>;
  /** Restores the seed, clears faults and the request log. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Retry settings that keep the tests fast: tiny backoff, no real wait. */
export const FAST_RETRIES: ClientOptions = {
  retryPolicy: { baseDelayMs: 1, maxDelayMs: 5 },
  sleep: async () => {},
};

/**
 * Starts an emulator (quiet), or uses the one at `IDGOV_TEST_EMULATOR_URL` (with the default
 * credentials), and answers the harness around it.
 */
export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const externalUrl = process.env["IDGOV_TEST_EMULATOR_URL"];
  const emulator: Pick<RunningEmulator, "url" | "close"> = externalUrl
    ? { url: externalUrl.replace(/\/+$/, ""), close: async () => {} }
    : await startEmulator({ quiet: true, ...options });
  const clients: IdgovClient[] = [];
  const control = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${emulator.url}/__emulator/${path}`, {
      method,
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status !== 200)
      throw new Error(`emulator ${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const track = (client: IdgovClient) => {
    clients.push(client);
    return client;
  };
  const requests = async () => ((await control("GET", "requests")) as { requests: LoggedRequest[] }).requests;
  return {
    url: emulator.url,
    client(config = {}, clientOptions = FAST_RETRIES) {
      const base = resolveProviderConfig(undefined, {
        IDGOV_BASE_URL: emulator.url,
        IDGOV_CLIENT_ID: CLIENT_ID,
        IDGOV_CLIENT_SECRET: CLIENT_SECRET,
      });
      return track(new IdgovClient({ ...base, ...config }, clientOptions));
    },
    staticTokenClient(accessToken, clientOptions = FAST_RETRIES) {
      const config = resolveProviderConfig(undefined, {
        IDGOV_BASE_URL: emulator.url,
        IDGOV_ACCESS_TOKEN: accessToken,
      });
      return track(new IdgovClient(config, clientOptions));
    },
    requests,
    async requestLines() {
      return (await requests()).map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
    },
    async clearLog() {
      await control("DELETE", "requests");
    },
    async faults(settings) {
      await control("POST", "faults", settings);
    },
    async grow(apps) {
      return ((await control("POST", "grow", { apps })) as { apps: number }).apps;
    },
    async reset() {
      await control("POST", "reset", {});
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await emulator.close();
    },
  };
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error: ${String(error)}`);
  }
  throw new Error("expected the promise to reject");
}

/** A local port nothing listens on: bound, then closed. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}
