import * as pulumi from "@pulumi/pulumi";
import { CONFIG_KEYS } from "../../provider/service/codecSupport";
import { IdgovConfigError } from "../../provider/errors/config-error";
import { shownPlainly } from "./plainErrors";

/** The keys the language host says the stack config holds as secrets (`PULUMI_CONFIG_SECRET_KEYS`, a JSON list). */
function secretConfigKeys(env: NodeJS.ProcessEnv): Set<string> {
  try {
    const keys: unknown = JSON.parse(env.PULUMI_CONFIG_SECRET_KEYS ?? "[]");
    return new Set(Array.isArray(keys) ? keys.filter((key): key is string => typeof key === "string") : []);
  } catch {
    return new Set();
  }
}

/**
 * Throws when the stack config holds a setting the provider keeps secret (`idgov:clientSecret`, `idgov:accessToken`,
 * `idgov:oidcToken`) in plain text. Pulumi hands the whole stack config to the dynamic provider's default provider
 * (`pulumi:providers:pulumi-nodejs`), whose host stores it in state as given: the only way to keep the credential out
 * of state in clear is to register nothing until it is set with `--secret` (or moved to its `IDGOV_*` variable).
 */
export function refusePlainSecretSettings(
  config: Readonly<Record<string, string>> = pulumi.runtime.allConfig(),
  env: NodeJS.ProcessEnv = process.env,
): void {
  const secret = secretConfigKeys(env);
  const plain = CONFIG_KEYS.find(
    (info) => info.secret && config[info.key] !== undefined && !secret.has(info.key),
  );
  if (plain === undefined) return;
  throw shownPlainly(
    new IdgovConfigError(
      `${plain.key} is set in plain text: Pulumi would store it in clear in the state of the dynamic provider ` +
        `(pulumi:providers:pulumi-nodejs). Set it again with "pulumi config set --secret ${plain.key} ` +
        `${plain.placeholder}", or give it through ${plain.envVar} instead.`,
      plain.key,
    ),
  );
}
