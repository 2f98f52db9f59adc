import { UNKNOWN } from "../engine";
import { rememberSecret } from "../client/redact";
import { type Struct, structProto } from "./protocol";

/** A resource's properties as the engine hands them over, with Pulumi's wrappers taken off. */
export type Props = Record<string, unknown>;

/** The key that marks a Pulumi special value, and the signature of a secret (Pulumi's property-value encoding). */
export const SPECIAL_SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** Properties read from a Struct: plain values, and the top-level keys whose value was or held a secret. */
export interface Unwrapped {
  readonly props: Props;
  readonly secretKeys: ReadonlySet<string>;
}

function isSecretWrapper(value: unknown): value is { value: unknown } {
  return (
    value !== null &&
    typeof value === "object" &&
    (value as Record<string, unknown>)[SPECIAL_SIG_KEY] === SECRET_SIG
  );
}

/** The value without secret wrappers; each secret it held is remembered, so no error or log can echo it. */
function plain(value: unknown, onSecret: () => void): unknown {
  if (isSecretWrapper(value)) {
    onSecret();
    const inner = plain(value.value, onSecret);
    rememberSecrets(inner);
    return inner;
  }
  if (Array.isArray(value)) return value.map((item) => plain(item, onSecret));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item, onSecret)]));
  }
  return value;
}

function rememberSecrets(value: unknown): void {
  if (typeof value === "string") rememberSecret(value);
  else if (Array.isArray(value)) value.forEach(rememberSecrets);
  else if (value !== null && typeof value === "object") Object.values(value).forEach(rememberSecrets);
}

/** Reads a Struct the engine sent: secret wrappers removed (their values remembered), unknowns kept as the sentinel. */
export function unwrapStruct(struct: Struct | undefined): Unwrapped {
  const raw = (struct?.toJavaScript() ?? {}) as Props;
  const secretKeys = new Set<string>();
  const props: Props = {};
  for (const [key, value] of Object.entries(raw)) {
    props[key] = plain(value, () => secretKeys.add(key));
  }
  return { props, secretKeys };
}

/** A value wrapped as a Pulumi secret. */
export function secretValue(value: unknown): Record<string, unknown> {
  return { [SPECIAL_SIG_KEY]: SECRET_SIG, value };
}

/**
 * A Struct of `props` for the engine: each key of `secretKeys` that is set goes as a secret, and keys left undefined
 * are left out.
 */
export function wrapStruct(props: Props, secretKeys: Iterable<string> = []): Struct {
  const secret = new Set(secretKeys);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    out[key] = secret.has(key) && value !== UNKNOWN ? secretValue(value) : value;
  }
  return structProto.Struct.fromJavaScript(JSON.parse(JSON.stringify(out)) as never);
}
