import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { clearRequests, EMULATOR_CREDENTIALS } from "../../testkit/emulatorApi";
import { DOORS } from "./support/doors";
import { emulatorLog } from "./support/figures";
import { leakedSecrets } from "./support/secrets";

const SECRET = EMULATOR_CREDENTIALS.clientSecret;

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
});
afterAll(() => emulator?.close());

/** Stack config that reaches the emulator, with `changes` over it (`undefined` removes a key). */
function settings(changes: Record<string, string | undefined>): Record<string, string> {
  const all: Record<string, string | undefined> = {
    "idgov:baseUrl": emulator.url,
    "idgov:clientId": EMULATOR_CREDENTIALS.clientId,
    "idgov:clientSecret": SECRET,
    ...changes,
  };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => !!entry[1]));
}

/** Missing or malformed provider settings: the key, the change, and the rule the message states. */
const BAD_SETTINGS: readonly [key: string, changes: Record<string, string | undefined>, rule: RegExp][] = [
  [
    "baseUrl",
    { "idgov:baseUrl": undefined },
    /^idgov:baseUrl is not set: run "pulumi config set idgov:baseUrl/,
  ],
  ["baseUrl", { "idgov:baseUrl": "ftp://tenant" }, /^idgov:baseUrl must be an http:\/\/ or https:\/\/ URL/],
  [
    "clientSecret",
    { "idgov:clientSecret": undefined },
    /^idgov:clientSecret is not set: run "pulumi config set --secret/,
  ],
  [
    "requestTimeoutMs",
    { "idgov:requestTimeoutMs": "soon" },
    /^idgov:requestTimeoutMs must be a whole number/,
  ],
  ["maxInFlight", { "idgov:maxInFlight": "0" }, /^idgov:maxInFlight must be at least 1/],
];

describe.each(DOORS)("provider settings through the $name door", (door) => {
  let refusals: string[] = [];
  let requests: unknown[] = [];
  beforeAll(async () => {
    await clearRequests(emulator);
    refusals = await door.refusals(BAD_SETTINGS.map(([, changes]) => settings(changes)));
    requests = await emulatorLog(emulator);
    refusals.push(...(await door.refusals([settings({ "idgov:maxInFlight": "4" })])));
  });

  it("sends no request while the settings are bad, and passes good ones", () => {
    expect(requests).toEqual([]);
    expect(refusals[BAD_SETTINGS.length]).toBe("");
  });

  it.each(BAD_SETTINGS.map((row, index) => [...row, index] as const))(
    "refuses a missing or malformed %s naming the key, the secret unsaid",
    (key, _changes, rule, index) => {
      const refusal = refusals[index] as string;
      // The plugin refuses in CheckConfig, each failure on its property; the dynamic provider at its first call.
      const [property, reason] =
        door.name === "native" ? (refusal.split(/: (.*)/s) as [string, string]) : [key, refusal];

      expect(property).toBe(key);
      expect(reason).toMatch(rule);
      expect(leakedSecrets(refusal, { SECRET })).toEqual([]);
    },
  );
});
