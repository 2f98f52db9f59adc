import { Agent, request } from "undici";
import { IdgovClient } from "../provider/client/client";
import { resolveProviderConfig } from "../provider/client/config";
import type { RunningEmulator } from "../emulator";
import { ApiSession, DEFAULT_CREDENTIALS } from "../emulator/testing";
import { clearRequests } from "../testkit/emulatorApi";
import { ratioTo } from "./ideal";
import { alternatingThroughput } from "./throughput";

/** The routes both clients read, in turn: a simple GET, and one with a nested answer. */
const ROUTES = ["/api/v1/apps/app-github", "/api/v1/catalogs/cat-engineering"];
/** The simple GET of the emulator figure. */
const SIMPLE_GET = "/api/v1/apps/app-github";
/** As many in flight as the client allows by default (`idgov:maxInFlight`). */
const CONCURRENCY = 16;
const ROUND_MS = 2_000;
const ROUNDS = 3;

/** What sections 5 and 6 measured. */
export interface ClientFigures {
  method: string;
  concurrency: number;
  clientPerSecond: number;
  undiciPerSecond: number;
  /** The internal client's requests per second over bare `undici.request`'s (1 means no overhead). */
  clientToUndiciRatio: number;
  /** The emulator answering a simple GET (bare undici, same concurrency), requests per second. */
  emulatorGetPerSecond: number;
}

/**
 * Requests per second of the internal client (token, retries, errors, JSON) and of bare `undici.request` (one
 * keep-alive Agent, bearer header, JSON parse) on the same routes at the same concurrency, in alternating rounds;
 * and the emulator's rate for a simple GET. The emulator runs in a process of its own.
 */
export async function measureClient(emulator: RunningEmulator): Promise<ClientFigures> {
  const token = await new ApiSession(emulator.url).accessToken();
  const client = new IdgovClient(
    resolveProviderConfig({
      get: (key) =>
        ({
          "idgov:baseUrl": emulator.url,
          "idgov:clientId": DEFAULT_CREDENTIALS.clientId,
          "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret,
          "idgov:maxInFlight": String(CONCURRENCY),
        })[key],
    }),
  );
  const agent = new Agent({ connections: CONCURRENCY });
  const bare = async (path: string) => {
    const answer = await request(`${emulator.url}${path}`, {
      method: "GET",
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      dispatcher: agent,
    });
    if (answer.statusCode !== 200) throw new Error(`GET ${path}: ${answer.statusCode}`);
    return JSON.parse(await answer.body.text()) as unknown;
  };
  const route = (index: number) => ROUTES[index % ROUTES.length] as string;
  const options = {
    concurrency: CONCURRENCY,
    roundMs: ROUND_MS,
    rounds: ROUNDS,
    between: () => clearRequests(emulator),
  };
  try {
    const { client: clientPerSecond, undici: undiciPerSecond } = await alternatingThroughput(
      {
        client: (index) => client.request({ method: "GET", path: route(index) }),
        undici: (index) => bare(route(index)),
      },
      options,
    );
    const { emulator: emulatorGetPerSecond } = await alternatingThroughput(
      { emulator: () => bare(SIMPLE_GET) },
      options,
    );
    return {
      method:
        `${CONCURRENCY} requests in flight, GET ${ROUTES.join(" and GET ")} in turn; median of ${ROUNDS} ` +
        `alternating rounds of ${ROUND_MS / 1000} s after a warm-up round; the emulator in its own process`,
      concurrency: CONCURRENCY,
      clientPerSecond,
      undiciPerSecond,
      clientToUndiciRatio: ratioTo(clientPerSecond, undiciPerSecond),
      emulatorGetPerSecond,
    };
  } finally {
    await client.close();
    await agent.close();
  }
}
