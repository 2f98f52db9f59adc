import { IdgovClient } from "./client";
import { CONFIG_KEYS, type ConfigSource, type ProviderConfig, resolveProviderConfig } from "./config";
import { DEFAULT_RESERVED_ANNOTATION_PREFIX } from "../schemas";

/** What every user of one configuration shares in this process. */
export interface SharedConnection {
  /** The settings, resolved once. */
  readonly config: ProviderConfig;
  /** One client: its connections and its token are shared by every resource and lookup of a run. */
  readonly client: IdgovClient;
}

const byConfig = new Map<string, SharedConnection>();
const bySettings = new Map<string, SharedConnection>();
const bySource = new WeakMap<ConfigSource | ProviderConfig, SharedConnection>();

function isConfigSource(config: ConfigSource | ProviderConfig): config is ConfigSource {
  return typeof (config as Partial<ConfigSource>).get === "function";
}

/** The raw values resolution reads: each key's stack config value and environment variable, unparsed. */
function rawSettings(source: ConfigSource | undefined): string {
  return JSON.stringify(CONFIG_KEYS.map((info) => [source?.get(info.key), process.env[info.envVar]]));
}

function connectionOf(config: ProviderConfig): SharedConnection {
  const key = JSON.stringify(config);
  let connection = byConfig.get(key);
  if (!connection) {
    connection = { config, client: new IdgovClient(config) };
    byConfig.set(key, connection);
  }
  return connection;
}

/**
 * The connection of a configuration: `source` is a {@link ConfigSource} answering `idgov:*` keys (unset keys fall
 * back to `IDGOV_*` environment variables), a resolved {@link ProviderConfig} used as given, or undefined for the
 * environment alone. Settings are resolved once per process for the same raw values, whichever source object gives
 * them (a failed resolution, which throws `IdgovConfigError`, is tried again next time); settings that resolve alike
 * share one connection.
 */
export function sharedConnection(source: ConfigSource | ProviderConfig | undefined): SharedConnection {
  const known = source && bySource.get(source);
  if (known) return known;
  let connection: SharedConnection;
  if (source !== undefined && !isConfigSource(source)) connection = connectionOf(source);
  else {
    const raw = rawSettings(source);
    connection = bySettings.get(raw) ?? connectionOf(resolveProviderConfig(source));
    bySettings.set(raw, connection);
  }
  if (source) bySource.set(source, connection);
  return connection;
}

/** The reserved annotation prefix, which `check` needs before any credential is. @default "c1/" */
export function reservedAnnotationPrefix(source: ConfigSource | undefined, env = process.env): string {
  return (
    source?.get("idgov:reservedAnnotationPrefix") ??
    env.IDGOV_RESERVED_ANNOTATION_PREFIX ??
    DEFAULT_RESERVED_ANNOTATION_PREFIX
  );
}
