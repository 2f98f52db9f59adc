import {
  CONFIG_KEYS,
  configKeyInfo,
  type ConfigKeyInfo,
  type ConfigSource,
  type ProviderConfig,
  resolveProviderConfig,
} from "../client/config";
import { IdgovConfigError } from "../errors/config-error";
import { checkSecretPairing, type SettingsPlace } from "./secretPairing";

/**
 * The order every `pulumi-idgov` command reads a setting in, first found wins: a flag, then stack config, then the
 * `IDGOV_*` environment variable, then the default. Stack config before the environment is the order the provider
 * itself follows in `pulumi up` (its `configure`); a flag is the most explicit word, as an explicit provider's
 * arguments are in a program.
 */
export const SETTINGS_ORDER = "flags, then stack config, then IDGOV_* environment variables, then defaults";

/** One layer of stack config, as a command found it. */
export interface StackSettings {
  /** Where the values came from, for messages, e.g. `the config of stack "dev"`. */
  readonly label: string;
  /** The `idgov:*` values, secrets decrypted. */
  readonly values: ReadonlyMap<string, string>;
  /** Secret keys the stack holds whose values could not be decrypted, and why. */
  readonly undecrypted: ReadonlySet<string>;
  /** Why no values, or no secret values, could be read; undefined when all were. */
  readonly problem?: string;
  /** A file the command was given (a plan), not the user's own config: it never pairs its address with a secret. */
  readonly external?: boolean;
}

/** What a command resolves its settings from. */
export interface SettingsLayers {
  /** Settings given as flags, by `idgov:*` key (never a secret one). */
  readonly flags: ReadonlyMap<string, string>;
  /** Stack config layers, the first holding a key wins (for `impact`: the plan's own config, then the current stack's). */
  readonly stacks: readonly StackSettings[];
  /** How a setting is spelled as a flag, e.g. `--base-url`. */
  readonly flagOf: (info: ConfigKeyInfo) => string;
  readonly env?: NodeJS.ProcessEnv;
}

const CREDENTIALS = ["clientId", "clientSecret", "accessToken", "oidcToken", "oidcTokenFile"] as const;

/**
 * Resolves a command's settings in {@link SETTINGS_ORDER}. Throws {@link IdgovConfigError} naming the setting, where
 * its value came from (never the value of a secret) or, when it is missing, every place it could be set and which
 * stack config was read.
 */
export function resolveCommandSettings(layers: SettingsLayers): ProviderConfig {
  const env = layers.env ?? process.env;
  const source: ConfigSource = {
    get: (key) =>
      layers.flags.get(key) ?? layers.stacks.find((stack) => stack.values.has(key))?.values.get(key),
  };
  try {
    const config = resolveProviderConfig(source, env);
    checkSecretPairing(config, placesOf(layers, env));
    return config;
  } catch (error) {
    if (!(error instanceof IdgovConfigError)) throw error;
    throw new IdgovConfigError(`${error.message}${whereToLook(error.key, layers, env)}`, error.key);
  }
}

/** The layers as places, in the order they are read. */
function placesOf(layers: SettingsLayers, env: NodeJS.ProcessEnv): SettingsPlace[] {
  return [
    { labelOf: layers.flagOf, get: (info) => layers.flags.get(info.key), external: false },
    ...layers.stacks.map((stack) => ({
      labelOf: () => stack.label,
      get: (info: ConfigKeyInfo) => stack.values.get(info.key),
      external: stack.external ?? false,
    })),
    { labelOf: (info) => info.envVar, get: (info) => env[info.envVar], external: false },
  ];
}

function originOf(info: ConfigKeyInfo, layers: SettingsLayers, env: NodeJS.ProcessEnv): string | undefined {
  if (layers.flags.has(info.key)) return layers.flagOf(info);
  const stack = layers.stacks.find((layer) => layer.values.has(info.key));
  if (stack) return stack.label;
  return env[info.envVar] ? info.envVar : undefined;
}

function notes(info: ConfigKeyInfo, layers: SettingsLayers, env: NodeJS.ProcessEnv): string[] {
  const origin = originOf(info, layers, env);
  if (origin !== undefined) return [`${info.key} was read from ${origin}`];
  const found: string[] = info.secret ? [] : [`${info.key} can also be given as ${layers.flagOf(info)}`];
  for (const stack of layers.stacks.filter((layer) => layer.undecrypted.has(info.key))) {
    found.push(
      `${stack.label} holds ${info.key} as a secret that could not be decrypted (${stack.problem ?? "no reason given"}): ` +
        `give pulumi its secrets provider (e.g. PULUMI_CONFIG_PASSPHRASE), or set ${info.envVar}`,
    );
  }
  return found;
}

/** The sentence added to a settings error: where each setting at fault came from, or could be set. */
function whereToLook(key: string | undefined, layers: SettingsLayers, env: NodeJS.ProcessEnv): string {
  const known = key === undefined ? undefined : CONFIG_KEYS.find((info) => info.key === key);
  const infos = known ? [known] : CREDENTIALS.map(configKeyInfo);
  const read = layers.stacks.map((stack) =>
    stack.values.size > 0 || !stack.problem ? stack.label : `${stack.label} (not read: ${stack.problem})`,
  );
  const sources = ["flags", ...read, "IDGOV_* environment variables"].join(", then ");
  return `; ${[...infos.flatMap((info) => notes(info, layers, env)), `settings are read from ${sources}`].join("; ")}`;
}
