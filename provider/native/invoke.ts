import type { CheckFailure } from "../engine";
import { IdgovArgumentError } from "../errors/argument-error";
import type { ConfigSource } from "../client/config";
import { lookupOfToken } from "./lookupTable";
import type { Props } from "./values";

type Lookup = (...args: unknown[]) => Promise<unknown>;

/** The lookup functions, loaded on the first invoke only: most runs never call one. */
function lookupFunctions(): Record<string, Lookup> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("../../resources/lookups") as Record<string, Lookup>;
}

/** What an invoke answers: the lookup's answer (a list as `items`), or failures naming the arguments. */
export interface InvokeAnswer {
  readonly result: Props;
  readonly secret: boolean;
  readonly failures: readonly CheckFailure[];
}

/**
 * Calls the lookup a function token names with this provider's settings. A malformed or unknown argument fails as
 * the lookup reports it, before any request.
 */
export async function invokeLookup(
  token: string,
  args: Props,
  source: () => ConfigSource | undefined,
): Promise<InvokeAnswer> {
  const lookup = lookupOfToken(token);
  if (!lookup) throw new Error(`unknown function "${token}"`);
  const call = lookupFunctions()[lookup.name];
  if (!call) throw new Error(`the lookup ${lookup.name} is not installed`);
  const config = source() ?? { get: () => undefined };
  try {
    const answer = lookup.noArgs ? await call({ config }) : await call(args, { config });
    const result = (lookup.list ? { items: answer } : answer) as Props;
    return { result, secret: lookup.secret?.(result) ?? false, failures: [] };
  } catch (error) {
    if (!(error instanceof IdgovArgumentError)) throw error;
    return { result: {}, secret: false, failures: [{ property: error.argument, reason: error.message }] };
  }
}
