import type { CheckFailure } from "../engine";
import { IdgovArgumentError } from "../errors/argument-error";
import type { ConfigSource } from "../client/config";
import * as lookups from "../lookups";
import type { LookupEntry } from "./lookupTable";
import type { Props } from "../engine";

type Lookup = (...args: unknown[]) => Promise<unknown>;

/** What an invoke answers: the lookup's answer (a list as `items`), or failures naming the arguments. */
export interface InvokeAnswer {
  readonly result: Props;
  readonly secret: boolean;
  readonly failures: readonly CheckFailure[];
}

export { lookupNamed } from "./lookupTable";

/**
 * Calls a lookup with this provider's settings. A malformed or unknown argument fails as the lookup reports it,
 * before any request.
 */
export async function invokeLookup(
  lookup: LookupEntry,
  args: Props,
  source: () => ConfigSource | undefined,
): Promise<InvokeAnswer> {
  const call = (lookups as unknown as Record<string, Lookup>)[lookup.name];
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
