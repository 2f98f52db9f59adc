import * as pulumi from "@pulumi/pulumi";
import type { ConfigSource, LookupOptions } from "../../provider/lookups/options";

export type { LookupOptions };

const PREFIX = "idgov:";

/**
 * The Pulumi program's `idgov:*` stack config as a {@link ConfigSource}: the same keys the resources read.
 * Lookups run in the program process, where `pulumi.Config` reads the stack; outside a program it answers
 * nothing, and the `IDGOV_*` environment variables apply.
 */
export function programConfigSource(): ConfigSource {
  let config: pulumi.Config | undefined;
  return {
    get(key: string): string | undefined {
      if (!key.startsWith(PREFIX)) return undefined;
      try {
        config ??= new pulumi.Config("idgov");
        return config.get(key.slice(PREFIX.length));
      } catch {
        return undefined;
      }
    },
  };
}

/** The options a lookup of the TypeScript door runs with: the program's stack config unless `options` names settings. */
/** @internal */
export function programOptions(options: LookupOptions | undefined): LookupOptions {
  return options?.config === undefined ? { ...options, config: programConfigSource() } : options;
}
