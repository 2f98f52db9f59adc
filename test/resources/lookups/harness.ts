/**
 * Shared set-up of the lookup tests: the seeded emulator for one test file (reset before each
 * test), lookup options pointing at it, its request log, and a way to read an Output.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { resolveProviderConfig } from "../../../provider/client/config";
import type { LookupOptions } from "../../../resources";
import type { LoggedRequest } from "../../../emulator";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  startHarness,
  type Faults,
  type Harness,
} from "../../provider/client/harness";

/** The emulator of one test file, as lookups see it. */
export interface LookupSuite {
  readonly url: string;
  /** Lookup options whose explicit config reaches this emulator. */
  readonly options: LookupOptions;
  /** API requests (token requests included) logged since the last reset. */
  requests(): Promise<LoggedRequest[]>;
  /** The API requests as `METHOD path` lines, token requests left out. */
  apiLines(): Promise<string[]>;
  /** Replaces the emulator's fault settings (cleared before each test). */
  faults(settings: Faults): Promise<void>;
}

/** Registers the hooks that run a seeded emulator for the current test file. */
export function useLookupEmulator(): LookupSuite {
  let harness: Harness | undefined;
  let options: LookupOptions | undefined;
  const running = (): Harness => {
    if (harness === undefined) throw new Error("the emulator is not running yet");
    return harness;
  };
  beforeAll(async () => {
    harness = await startHarness();
    const config = resolveProviderConfig(undefined, {
      IDGOV_BASE_URL: harness.url,
      IDGOV_CLIENT_ID: CLIENT_ID,
      IDGOV_CLIENT_SECRET: CLIENT_SECRET,
      IDGOV_MAX_RETRIES: "0",
    });
    options = { config };
  });
  afterAll(() => harness?.close());
  beforeEach(() => running().reset());
  return {
    get url() {
      return running().url;
    },
    get options() {
      if (options === undefined) throw new Error("the emulator is not running yet");
      return options;
    },
    requests: () => running().requests(),
    faults: (settings) => running().faults(settings),
    async apiLines() {
      return (await running().requests())
        .filter((entry) => entry.path.startsWith("/api/"))
        .map((entry) => `${entry.method} ${entry.path}`);
    },
  };
}

/** The value an Output resolves to, and whether it is secret. */
export async function settle<T>(output: pulumi.Output<T>): Promise<{ value: T; secret: boolean }> {
  const value = await new Promise<T>((resolve) => output.apply(resolve));
  return { value, secret: await pulumi.isSecret(output) };
}
