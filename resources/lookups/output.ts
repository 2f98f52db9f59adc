import * as pulumi from "@pulumi/pulumi";
import type { LookupOptions } from "./config";

/** A value whose every level may be a Pulumi input (a plain value, a promise or an Output). */
export type DeepInput<T> = T extends readonly (infer Element)[]
  ? pulumi.Input<DeepInput<Element>[]>
  : T extends Record<string, unknown>
    ? pulumi.Input<{ [K in keyof T]: DeepInput<T[K]> }>
    : pulumi.Input<T>;

/** The arguments of a lookup, each one a Pulumi input: what an `…Output` twin accepts. */
export type LookupInputs<Args> = { [K in keyof Args]: DeepInput<Args[K]> };

/**
 * The `…Output` twin of a lookup: waits for every input, then calls the lookup. The result is unknown while an
 * input is unknown (during preview), and secret when an input is secret or `isSecret(result)` says so.
 */
export function lookupOutput<Args, Result>(
  lookup: (args: Args, options?: LookupOptions) => Promise<Result>,
  args: LookupInputs<Args> | undefined,
  options: LookupOptions | undefined,
  isSecret?: (result: Result) => boolean,
): pulumi.Output<Result> {
  const resolved = pulumi.output(args ?? {}) as unknown as pulumi.Output<Args>;
  const result = resolved.apply((plain) => lookup(plain, options)) as unknown as pulumi.Output<Result>;
  if (isSecret === undefined) return result;
  return result.apply((value) =>
    isSecret(value) ? pulumi.secret(value) : pulumi.output(value),
  ) as unknown as pulumi.Output<Result>;
}
