/** The key that marks one of Pulumi's special values (a secret, an asset, a resource reference) in properties and state. */
export const SPECIAL_SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature under {@link SPECIAL_SIG_KEY} that makes the special value a secret. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/**
 * Whether a value is Pulumi's secret wrapper: `{ [SPECIAL_SIG_KEY]: SECRET_SIG, … }`, holding `value` where the engine
 * sends properties, and `ciphertext` (or `plaintext`, with `--show-secrets`) in a stack's state.
 */
export function isPulumiSecret(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === "object" &&
    (value as Record<string, unknown>)[SPECIAL_SIG_KEY] === SECRET_SIG
  );
}

/** `value` wrapped as a Pulumi secret, as the engine sends and takes properties. */
export function pulumiSecret(value: unknown): Record<string, unknown> {
  return { [SPECIAL_SIG_KEY]: SECRET_SIG, value };
}
