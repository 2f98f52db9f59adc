import * as pulumi from "@pulumi/pulumi";
import type { ApiClient } from "../../provider/client/client";
import type { ConfigSource, ProviderConfig } from "../../provider/client/config";
import { sharedConnection } from "../../provider/client/sharedClient";

/** Options every lookup accepts as its last argument. */
export interface LookupOptions {
  /**
   * Where the connection settings come from, instead of the program's stack config: either a resolved
   * {@link ProviderConfig} (used exactly as given, without environment fallback), or a {@link ConfigSource}
   * answering `idgov:*` keys (unset keys fall back to `IDGOV_*` environment variables). Useful in plain
   * scripts and tests, where there is no Pulumi stack config.
   * @default the program's `idgov:*` stack config (`new pulumi.Config("idgov")`), then `IDGOV_*` variables
   */
  config?: ProviderConfig | ConfigSource;
}

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

/**
 * The client a lookup uses, labelled with the lookup's name for error messages. Resolving the settings may
 * throw `IdgovConfigError` (naming the key and how to set it); no request is made before that.
 */
/** @internal */
export function lookupClient(lookup: string, options: LookupOptions | undefined): ApiClient {
  return sharedConnection(options?.config ?? programConfigSource()).client.labelled(lookup);
}
