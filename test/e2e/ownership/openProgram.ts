import * as path from "node:path";
import { inject } from "vitest";
import type { RunningEmulator } from "../../../emulator";
import { type ExampleStack, openExampleStack } from "../../../testkit/example";

/** The ownership program (one App, adopting the seeded `app-aws`) installed from the packed tarball, on one stack. */
export function openOwnershipProgram(
  emulator: RunningEmulator,
  stack: string,
  description: string,
): Promise<ExampleStack> {
  return openExampleStack({
    example: path.join(__dirname, "program"),
    tarball: inject("packageTarball"),
    binDir: inject("pulumiBinDir"),
    baseUrl: emulator.url,
    stack,
    config: { "owner:description": description },
  });
}
