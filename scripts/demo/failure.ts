import type { CommandResult } from "../../testkit/command";

/** Something the demo expected did not happen; carries the Pulumi run that shows it, when there is one. */
export class DemoFailure extends Error {
  constructor(
    message: string,
    readonly result?: CommandResult,
  ) {
    super(message);
  }
}

/** The run, when it ended with `code`; else a {@link DemoFailure} naming `what`. */
export function expectExit(result: CommandResult, code: number, what: string): CommandResult {
  if (result.code !== code)
    throw new DemoFailure(`${what}: expected exit code ${code}, got ${result.code}`, result);
  return result;
}
