import { CONFIG_KEYS, resolveProviderConfig } from "../client/config";
import { IdgovConfigError } from "../errors";
import { containsUnknown, type CheckFailure } from "../engine";
import type { ConfigSource } from "../client/config";
import { tenantOfSettings } from "../client/tenant";
import type { Props } from "../engine";

/** Inputs the engine adds to every provider's, beside the package's own settings. */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL"]);
const PREFIX = "idgov:";

/**
 * The provider's inputs (`baseUrl`, `clientSecret`, …, named as the stack config keys without `idgov:`) as the
 * source the client's settings resolve from; unset keys fall back to `IDGOV_*` variables, as on the dynamic door.
 */
export function configSourceOf(inputs: Props): ConfigSource {
  return {
    get(key: string): string | undefined {
      if (!key.startsWith(PREFIX)) return undefined;
      const value = inputs[key.slice(PREFIX.length)];
      if (value === undefined || value === null) return undefined;
      return typeof value === "string" ? value : JSON.stringify(value);
    },
  };
}

/**
 * The provider inputs of a `ConfigureRequest`: its `args` when the engine sends them, else its `variables`, whose
 * keys are `idgov:config:<key>` (or `idgov:<key>`).
 */
export function inputsFromVariables(variables: ReadonlyMap<string, string>): Props {
  const inputs: Props = {};
  for (const [key, value] of variables) {
    const name = key.replace(/^idgov:(config:)?/, "");
    if (name !== key) inputs[name] = value;
  }
  return inputs;
}

/**
 * Check failures of the provider's inputs, each naming the key: a key the package does not read, or the first
 * setting that is missing or malformed (as resolving the settings reports it). Inputs not known yet (in a preview)
 * are not judged.
 */
export function checkProviderInputs(inputs: Props, env: NodeJS.ProcessEnv = process.env): CheckFailure[] {
  const known = new Set(CONFIG_KEYS.map((info) => info.name as string));
  const unknownKeys = Object.keys(inputs).filter((key) => !known.has(key) && !ENGINE_KEYS.has(key));
  if (unknownKeys.length > 0) {
    return unknownKeys.map((key) => ({
      property: key,
      reason: `is not a setting of the idgov provider (settings: ${[...known].join(", ")})`,
    }));
  }
  if (containsUnknown(inputs)) return [];
  try {
    resolveProviderConfig(configSourceOf(inputs), env);
    return [];
  } catch (error) {
    if (!(error instanceof IdgovConfigError)) throw error;
    const key = error.key?.startsWith(PREFIX) ? error.key.slice(PREFIX.length) : "";
    return [{ property: key, reason: error.message }];
  }
}

/** The settings whose values differ between two sets of provider inputs (the engine's own keys aside). */
export function changedSettings(olds: Props, news: Props): string[] {
  const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
  return [...keys].filter(
    (key) => !ENGINE_KEYS.has(key) && JSON.stringify(olds[key]) !== JSON.stringify(news[key]),
  );
}

/**
 * The settings whose change moves the provider to another tenant: `baseUrl` (or `clientId`, when the tenant comes
 * from its host) when the origin they resolve to differs, after normalising case, default port and trailing slash.
 * The engine then replaces the provider and every resource under it: each is created in the new tenant by the new
 * provider and deleted from the old one by the old provider, configured with its old settings. Settings not known
 * yet (in a preview) replace nothing here; the tenant each object's state records still guards it.
 */
export function tenantReplaces(olds: Props, news: Props, env: NodeJS.ProcessEnv = process.env): string[] {
  if (containsUnknown(olds) || containsUnknown(news)) return [];
  const before = tenantOfSettings(configSourceOf(olds), env);
  const after = tenantOfSettings(configSourceOf(news), env);
  if (before === undefined || after === undefined || before === after) return [];
  return ["baseUrl", "clientId"].filter((key) => JSON.stringify(olds[key]) !== JSON.stringify(news[key]));
}
