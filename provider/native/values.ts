import { isPulumiSecret, pulumiSecret, rememberSecret, UNKNOWN } from "../service/codecSupport";
import { type Struct, structProto } from "./protocol";

/** A resource's properties as the engine hands them over, with Pulumi's wrappers taken off. */
export type Props = Record<string, unknown>;

/**
 * Properties read from a Struct: plain values, and the dotted paths of the values that were secret (a secret inside
 * a list counts for the whole list).
 */
export interface Unwrapped {
  readonly props: Props;
  readonly secretKeys: ReadonlySet<string>;
}

function rememberSecrets(value: unknown): void {
  if (typeof value === "string") rememberSecret(value);
  else if (Array.isArray(value)) value.forEach(rememberSecrets);
  else if (value !== null && typeof value === "object") Object.values(value).forEach(rememberSecrets);
}

/**
 * The value at `path` without secret wrappers; the path of each secret is reported, and its values remembered, so
 * no error or log can echo them.
 */
function plain(value: unknown, path: string, onSecret: (path: string) => void): unknown {
  if (isPulumiSecret(value)) {
    onSecret(path);
    const inner = plain(value.value, path, () => {});
    rememberSecrets(inner);
    return inner;
  }
  if (Array.isArray(value)) return value.map((item) => plain(item, path, onSecret));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, plain(item, `${path}.${key}`, onSecret)]),
    );
  }
  return value;
}

/** Reads a Struct the engine sent: secret wrappers removed (their values remembered), unknowns kept as the sentinel. */
export function unwrapStruct(struct: Struct | undefined): Unwrapped {
  return unwrapProps(struct?.toJavaScript());
}

/** {@link unwrapStruct} of a Struct already read as plain fields. */
export function unwrapProps(raw: Props = {}): Unwrapped {
  const secretKeys = new Set<string>();
  const props: Props = {};
  for (const [key, value] of Object.entries(raw))
    props[key] = plain(value, key, (path) => secretKeys.add(path));
  return { props, secretKeys };
}

/** `value` with the value at `keys` (below it) wrapped as a secret; a path that leaves the objects wraps there. */
function wrappedAt(value: unknown, keys: readonly string[]): unknown {
  if (value === undefined || value === UNKNOWN || isPulumiSecret(value)) return value;
  const [key, ...rest] = keys;
  if (key === undefined || value === null || typeof value !== "object" || Array.isArray(value)) {
    return pulumiSecret(value);
  }
  if (!Object.hasOwn(value, key)) return value;
  return { ...value, [key]: wrappedAt((value as Props)[key], rest) };
}

/**
 * A Struct of `props` for the engine: the value at each of `secretPaths` (a top-level key, or a dotted path such as
 * `oidc.oidcClientSecret`) goes as a secret; keys left undefined are left out.
 */
export function wrapStruct(props: Props, secretPaths: Iterable<string> = []): Struct {
  return structProto.Struct.fromJavaScript(
    JSON.parse(JSON.stringify(withSecrets(props, secretPaths))) as never,
  );
}

/** `props` with the value at each of `secretPaths` wrapped as a secret, as {@link wrapStruct} sends them. */
export function withSecrets(props: Props, secretPaths: Iterable<string> = []): Props {
  let out: unknown = props;
  for (const path of secretPaths) out = wrappedAt(out, path.split("."));
  return out as Props;
}
