import * as path from "node:path";
import { inject } from "vitest";
import type { RunningEmulator } from "../../../emulator";
import { DEFAULT_CREDENTIALS } from "../../../emulator/testing";
export { transcriptOf } from "../../../testkit/command";
import { type ExampleStack, openExampleStack } from "../../../testkit/example";
import { PulumiStack } from "../../../testkit/pulumiStack";

/** The program of the engine-level reliability tests (one scenario per stack). */
export const PROGRAM_DIR = path.join(__dirname, "program");

/** The `iac_workspace` a stack of the program stamps: `<org>/<project>/<stack>` with the file backend's org. */
export function workspaceOf(stack: string): string {
  return `organization/idgov-reliability/${stack}`;
}

/** Stack config of a scenario: plain values and `pulumi config set --secret` values. */
export interface ScenarioConfig {
  config?: Record<string, string>;
  secretConfig?: Record<string, string>;
}

/** Installs the program in a fresh directory and opens the stack of one scenario (named after it). */
export function openScenario(
  emulator: RunningEmulator,
  scenario: string,
  settings: ScenarioConfig = {},
): Promise<ExampleStack> {
  return openExampleStack({
    example: PROGRAM_DIR,
    tarball: inject("packageTarball"),
    binDir: inject("pulumiBinDir"),
    baseUrl: emulator.url,
    stack: scenario,
    config: { "reliability:scenario": scenario, ...settings.config },
    ...(settings.secretConfig ? { secretConfig: settings.secretConfig } : {}),
  });
}

/** Another scenario's stack in an installed program (no second install), configured for the emulator. */
export async function addScenario(
  installed: ExampleStack,
  emulator: RunningEmulator,
  scenario: string,
  settings: ScenarioConfig = {},
): Promise<PulumiStack> {
  const stack = new PulumiStack({ ...installed.stack.options, stack: scenario });
  await stack.init();
  const plain = {
    "idgov:baseUrl": emulator.url,
    "idgov:clientId": DEFAULT_CREDENTIALS.clientId,
    "reliability:scenario": scenario,
    ...settings.config,
  };
  await stack.setAllConfig(plain, {
    "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret,
    ...settings.secretConfig,
  });
  return stack;
}
