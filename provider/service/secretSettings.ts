import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { CONFIG_KEYS, type ConfigKeyInfo } from "../client/configKeys";

/** The provider settings the schema marks secret (`clientSecret`, `accessToken`, `oidcToken`). */
export const SECRET_SETTINGS: readonly ConfigKeyInfo[] = CONFIG_KEYS.filter((info) => info.secret);

/** The stack and the provider's name in a provider's URN (`urn:pulumi:<stack>::<project>::pulumi:providers:idgov::<name>`). */
function partsOf(urn: string): { stack: string; name: string } | undefined {
  const match = /^urn:pulumi:([^:]+)::[^:]+::[^:]*pulumi:providers:idgov::(.+)$/.exec(urn);
  return match ? { stack: match[1] as string, name: match[2] as string } : undefined;
}

/** The project's folder: the nearest one at or above `dir` holding `Pulumi.yaml`. */
function projectDir(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (existsSync(path.join(at, "Pulumi.yaml")) || existsSync(path.join(at, "Pulumi.yml"))) return at;
    if (path.dirname(at) === at) return undefined;
  }
}

/** The stack's config file, in the project's `stackConfigDir` when it names one. */
function stackConfigFile(root: string, stack: string): string {
  const project = path.join(root, existsSync(path.join(root, "Pulumi.yaml")) ? "Pulumi.yaml" : "Pulumi.yml");
  const configDir = /^stackConfigDir:\s*["']?([^"'\n#]+?)["']?\s*$/m.exec(readFileSync(project, "utf8"))?.[1];
  return path.join(root, configDir ?? "", `Pulumi.${stack}.yaml`);
}

/** Whether `key` is set in plain text in the text of a stack config file (not `secure:`, on its line or the next). */
function isPlainIn(text: string, key: string): boolean {
  const lines = text.split("\n");
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const at = lines.findIndex((line) => new RegExp(`^\\s+["']?${escaped}["']?:(\\s|$)`).test(line));
  if (at < 0) return false;
  const rest = (lines[at] as string).replace(/^[^:]*:[^:]*:/, "").trim();
  if (rest === "") return !/^\s*secure:/.test(lines[at + 1] ?? "");
  return !/^\{\s*secure:/.test(rest);
}

/**
 * The text of the config file of a default provider's stack (`Pulumi.<stack>.yaml`, in the project the plugin runs
 * in), and the stack's name; undefined for an explicit provider, or when there is no such file.
 */
export function defaultProviderStackConfig(
  urn: string,
  cwd = process.cwd(),
): { stack: string; text: string } | undefined {
  const parts = partsOf(urn);
  if (!parts || !/^default(_|$)/.test(parts.name)) return undefined;
  try {
    const root = projectDir(cwd);
    if (root === undefined) return undefined;
    return { stack: parts.stack, text: readFileSync(stackConfigFile(root, parts.stack), "utf8") };
  } catch {
    return undefined;
  }
}

/**
 * A warning for each secret setting a default provider was given in plain text in the stack's config file. The
 * engine takes the secret marks off the inputs it sends to `CheckConfig` (and puts them back on the answer), so the
 * plugin reads the stack's `Pulumi.<stack>.yaml` itself, in the project it runs in. Explicit providers, and settings
 * from elsewhere (an ESC environment, another config file), get none.
 */
export function plainSecretWarnings(urn: string, given: readonly string[], cwd = process.cwd()): string[] {
  const config = defaultProviderStackConfig(urn, cwd);
  if (config === undefined) return [];
  return SECRET_SETTINGS.filter((info) => given.includes(info.name) && isPlainIn(config.text, info.key)).map(
    (info) =>
      `${info.key} is set in plain text in the config of stack ${config.stack}. The idgov provider keeps it as a ` +
      `secret in the state, but the config file holds it in clear: set it again with ` +
      `"pulumi config set --secret ${info.key} ${info.placeholder}", or give it through ${info.envVar}.`,
  );
}
