import { startEmulator } from "../../emulator";
import { parseArguments } from "../../emulator/main";

/**
 * `pulumi-idgov emulator`: the bundled emulator, with the flags of `npm run emulator` (`--help` lists them). Prints
 * one line once it accepts connections and runs until SIGINT or SIGTERM.
 */
export async function runEmulatorCommand(args: readonly string[]): Promise<number> {
  const running = await startEmulator(parseArguments(args));
  process.stdout.write(`emulator listening on ${running.url}\n`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await running.close();
  return 0;
}
