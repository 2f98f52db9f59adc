import * as pulumi from "@pulumi/pulumi";
import { IdgovClient } from "../../provider/client";
import type { ConfigSource, ProviderConfig } from "../../provider/config";
import { sharedClient } from "../../provider/sharedClient";

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

/** The client calls a lookup makes. */
/** @internal */
export type LookupClient = Pick<IdgovClient, "request" | "paginate">;

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

function isConfigSource(config: ProviderConfig | ConfigSource): config is ConfigSource {
  return typeof (config as Partial<ConfigSource>).get === "function";
}

const explicitClients = new Map<string, IdgovClient>();

/** One client per explicit configuration in this process, so lookups share connections and the token. */
function clientForConfig(config: ProviderConfig): IdgovClient {
  const key = JSON.stringify(config);
  let client = explicitClients.get(key);
  if (!client) {
    client = new IdgovClient(config);
    explicitClients.set(key, client);
  }
  return client;
}

/**
 * The client a lookup uses, labelled with the lookup's name for error messages. Resolving the settings may
 * throw `IdgovConfigError` (naming the key and how to set it); no request is made before that.
 */
/** @internal */
export function lookupClient(lookup: string, options: LookupOptions | undefined): LookupClient {
  const config = options?.config;
  if (config !== undefined && !isConfigSource(config)) {
    const client = clientForConfig(config);
    return {
      request: (request) => client.request({ operation: lookup, ...request }),
      paginate: (request) => client.paginate({ operation: lookup, ...request }),
    };
  }
  return sharedClient(config ?? programConfigSource()).labelled(lookup);
}
