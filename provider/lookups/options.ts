import type { ConfigSource, ProviderConfig } from "../client/config";

export type { ConfigSource, ProviderConfig };

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
