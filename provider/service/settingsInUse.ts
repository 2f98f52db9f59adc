import { configKeyInfo } from "../client/config";
import type { Props } from "../engine";
import { defaultProviderStackConfig } from "./secretSettings";

/** Settings a user changes between drift checks, which Pulumi's refresh takes from the state rather than the config. */
const RUN_SETTINGS = ["readConsistency", "maxRequestsPerSecond"] as const;

/** The plain value a stack config file gives `key` on its own line, if any. */
function stackValueOf(text: string, key: string): string | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^\\s+["']?${escaped}["']?:[ \\t]*["']?([^"'#\\s]+)["']?[ \\t]*(#.*)?$`, "m").exec(
    text,
  )?.[1];
}

/**
 * A warning for each run setting whose value in use differs from the one the default provider's stack config holds
 * now: Pulumi's `refresh` configures the provider with the settings the state recorded at the last update, so a
 * `pulumi config set` (or `rm`) reaches it only after `pulumi up`. Names the value used, where it came from, and the
 * forms that use the new one. None for an explicit provider, or when the two agree.
 */
export function settingsInUseWarnings(
  urn: string,
  inputs: Props,
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): string[] {
  const config = defaultProviderStackConfig(urn, cwd);
  if (config === undefined) return [];
  return RUN_SETTINGS.flatMap((name) => {
    const info = configKeyInfo(name);
    const given = inputs[name];
    const recorded = given === undefined || given === null || given === "" ? undefined : String(given);
    const inStack = stackValueOf(config.text, info.key);
    const fromEnv = env[info.envVar] || undefined;
    const used = recorded ?? fromEnv ?? info.default ?? "no value";
    if (inStack === undefined ? recorded === undefined : inStack === used) return [];
    const now =
      inStack === undefined
        ? `is not in the config of stack ${config.stack}`
        : `is ${inStack} in the config of stack ${config.stack}`;
    const from =
      recorded !== undefined
        ? `the value the stack's state recorded at its last update${fromEnv ? `; ${info.envVar} is not read while a value is recorded` : ""}`
        : fromEnv
          ? `from ${info.envVar}, as the state recorded no value`
          : "the default, as the state recorded no value";
    return [
      `${info.key} ${now}, but this run uses ${used}, ${from}. A refresh (\`pulumi refresh\`, \`pulumi preview ` +
        "--refresh`) runs with the settings recorded at the last update: run `pulumi up` to record the config, or " +
        "add --run-program to refresh with the config as it is now.",
    ];
  });
}
