import type { RunningEmulator } from "../../../emulator";
import { setFaults } from "../../../testkit/emulatorApi";

type Json = Record<string, unknown>;

/** Runs one step of a life cycle with a fault script armed for it, then clears the faults whatever happened. */
export async function withFaults<T>(
  emulator: RunningEmulator,
  settings: Json,
  step: () => Promise<T>,
): Promise<T> {
  await setFaults(emulator, settings);
  try {
    return await step();
  } finally {
    await setFaults(emulator, {});
  }
}

/** The error a step failed with (a step that succeeds fails the test). */
export async function failureOf(step: Promise<unknown>): Promise<Error> {
  try {
    await step;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the step to fail, but it succeeded");
}

/** Makes every token the emulator issued so far expire now (`POST /__emulator/expire-tokens`). */
export async function expireTokens(emulator: RunningEmulator): Promise<void> {
  const answer = await fetch(`${emulator.url}/__emulator/expire-tokens`, { method: "POST" });
  if (!answer.ok) throw new Error(`expire-tokens: ${answer.status} ${await answer.text()}`);
}
