import { CONFIG_KEYS, type ConfigKeyInfo } from "../client/config";
import { IdgovError } from "../errors/idgov-error";
import { SETTINGS_ORDER } from "../service/settingsResolution";
import { kebabOf } from "./export/names";

/** A command line that cannot be run; the message names the flag and the rule. */
export class UsageError extends IdgovError {}

/** The flag of a provider setting: `baseUrl` gives `--base-url`. */
export function flagOf(info: ConfigKeyInfo): string {
  return `--${kebabOf(info.name)}`;
}

const SETTING_FLAGS = new Map(CONFIG_KEYS.map((info) => [flagOf(info), info]));

/**
 * Reads a command line of `--flag VALUE`, `--flag=VALUE` and bare `--flag` words. Provider settings given as flags
 * land in the answered map by their `idgov:*` key (a secret one is refused: it belongs in its `IDGOV_*` variable);
 * `-h`/`--help` answers "help"; every other flag goes to `onFlag` with a reader of its value, and `onFlag` answers
 * false for a flag it does not know.
 */
export function readFlags(
  args: readonly string[],
  onFlag: (flag: string, value: () => string) => boolean,
): Map<string, string> | "help" {
  const settings = new Map<string, string>();
  for (let index = 0; index < args.length; index += 1) {
    const [flag, inlineValue] = (args[index] ?? "").split(/=(.*)/s, 2) as [string, string | undefined];
    const value = (): string => {
      const next = inlineValue ?? args[++index];
      if (next === undefined || next === "") throw new UsageError(`${flag} needs a value`);
      return next;
    };
    const setting = SETTING_FLAGS.get(flag);
    if (setting?.secret) {
      throw new UsageError(
        `${flag}: never put a secret on the command line; set ${setting.envVar}, or ${setting.key} with \`pulumi config set --secret\``,
      );
    }
    if (setting) settings.set(setting.key, value());
    else if (flag === "--help" || flag === "-h") return "help";
    else if (!onFlag(flag, value)) throw new UsageError(`unknown flag ${flag}`);
  }
  return settings;
}

/** The `--help` lines of the settings a command takes as flags, the flag padded to `width`. */
export function settingFlagsUsage(width: number): string[] {
  return CONFIG_KEYS.filter((info) => !info.secret).map(
    (info) =>
      `  ${`${flagOf(info)} VALUE`.padEnd(width)} ${info.key}; unset: stack config, else ${info.envVar}`,
  );
}

/** The `--help` paragraph on where a command reads its provider settings, the same for every command. */
export function settingsUsage(): string[] {
  const secrets = CONFIG_KEYS.filter((info) => info.secret).map((info) => info.envVar);
  return [
    `Settings are read from ${SETTINGS_ORDER}, first found wins. Stack config is the current stack's`,
    "(`pulumi stack select`; `impact` reads the plan's own first), secrets decrypted as `pulumi up` does.",
    `Secrets are never flags: set them with \`pulumi config set --secret\` or in ${secrets.join(", ")}.`,
    "A secret goes only to the address it comes with: a flag, plan or stack config naming another tenant, token URL",
    "or proxy than the place the secret comes from is refused before any request (a plan's address never pairs).",
  ];
}
