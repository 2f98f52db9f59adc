/**
 * Test-suite set-up shared by the emulator's route tests: one emulator per file (started before
 * the tests, closed after), reset to the seed before each test, and an authenticated session.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import {
  startEmulator,
  type EmulatorOptions,
  type LoggedRequest,
  type RunningEmulator,
} from "../../emulator";
import { ApiSession, control } from "../../emulator/testing";

/** The emulator of one test file and helpers around it. */
export interface EmulatorSuite {
  /** Base URL of the running emulator. */
  readonly url: string;
  /** A session holding a token for the default client. */
  readonly api: ApiSession;
  /** The API requests logged since the last reset. */
  requests(): Promise<LoggedRequest[]>;
}

/** Registers the hooks that run a seeded emulator for the current test file. */
export function useEmulator(options: EmulatorOptions = {}): EmulatorSuite {
  let emulator: RunningEmulator | undefined;
  let session: ApiSession | undefined;
  const running = (): RunningEmulator => {
    if (emulator === undefined) throw new Error("the emulator is not running yet");
    return emulator;
  };
  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true, ...options });
    session = new ApiSession(emulator.url);
    await session.accessToken();
  });
  afterAll(() => emulator?.close());
  beforeEach(async () => {
    await control(running().url, "POST", "reset");
  });
  return {
    get url() {
      return running().url;
    },
    get api() {
      if (session === undefined) throw new Error("the emulator is not running yet");
      return session;
    },
    async requests() {
      const answer = await control(running().url, "GET", "requests");
      return (answer.body as { requests: LoggedRequest[] }).requests;
    },
  };
}
