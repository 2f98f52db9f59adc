import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import type { PulumiStack } from "../../testkit/pulumiStack";

/** Creates the stack and sets the provider's connection to the emulator, the secret with `--secret`. */
export async function initEmulatorStack(stack: PulumiStack, emulatorUrl: string): Promise<void> {
  await stack.init();
  await stack.setConfig("idgov:baseUrl", emulatorUrl);
  await stack.setConfig("idgov:clientId", DEFAULT_CREDENTIALS.clientId);
  await stack.setConfig("idgov:clientSecret", DEFAULT_CREDENTIALS.clientSecret, { secret: true });
}
