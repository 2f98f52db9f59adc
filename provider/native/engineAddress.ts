import { IdgovError } from "../service/baseError";

/** Why the plugin cannot start: a one-line message for stderr, naming what it expected. */
export class PluginStartError extends IdgovError {
  override readonly name = "PluginStartError";
}

/** Flags of the engine's that take their value as the next argument (`--tracing <endpoint>`). */
export const FLAGS_WITH_VALUE = new Set(["--tracing", "-tracing"]);
const HOST_PORT = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;
const EXPECTED = "the Pulumi engine's gRPC address (host:port) as its one argument, as `pulumi` starts it";

/**
 * The engine's address among the plugin's arguments: the one that is not a flag, as the engine passes it after its
 * own flags (`--logtostderr`, `-v=9`, `--tracing <endpoint>`). Throws {@link PluginStartError} when there is none,
 * more than one, or it is not `host:port`.
 */
export function engineAddressOf(args: readonly string[]): string {
  const positional: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (FLAGS_WITH_VALUE.has(arg)) index += 1;
    else if (!arg.startsWith("-")) positional.push(arg);
  }
  const [address, ...extra] = positional;
  if (address === undefined) throw new PluginStartError(`no engine address: expected ${EXPECTED}`);
  if (extra.length > 0) {
    throw new PluginStartError(`${positional.length} arguments that are not flags: expected ${EXPECTED}`);
  }
  const port = Number(HOST_PORT.exec(address)?.[1] ?? Number.NaN);
  if (!(port >= 1 && port <= 65535)) {
    throw new PluginStartError(
      `malformed engine address ${JSON.stringify(address.slice(0, 80))}: expected ${EXPECTED}`,
    );
  }
  return address;
}

/** The one-line message for an engine that did not answer at its address, with the cause gRPC gave. */
export function unreachableEngine(address: string, detail: string): PluginStartError {
  const cause = detail
    .replace(/^No connection established\. Last error: (Error: )?/, "")
    .replace(/\.? Resolution note:.*$/, "")
    .replace(/ \(\d{4}-\d\d-\d\dT[^)]*\)/, "");
  return new PluginStartError(
    `cannot reach the Pulumi engine at ${address} (${cause}): expected a running engine's gRPC address, as \`pulumi\` starts the plugin`,
  );
}
