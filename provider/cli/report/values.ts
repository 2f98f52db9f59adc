import { KIND_FACTS } from "../../kinds/public";
import { kindNamed, type KindName } from "../../kinds";
import { SPECIAL_SIG_KEY } from "../../engine/pulumiSecret";

/** What a report shows in place of every secret value. */
export const SECRET_SHOWN = "[secret]";

/** The longest value a report shows; a longer one is cut with an ellipsis, so 1,000 drifted objects stay readable. */
const SHOWN_LENGTH = 160;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Field names that hold a secret whatever the kind (another provider's resources among them): never shown. */
const SECRET_NAME = /secret|password|passphrase|private.?key|credential|token/i;

/** The dotted paths of a kind that hold secrets: its write-only fields and its secret outputs. */
export function secretPathsOf(kind: KindName | undefined): readonly string[] {
  if (kind === undefined) return [];
  return [...KIND_FACTS[kind].secretFields, ...kindNamed(kind).secretOutputs];
}

/** The value at a path of Pulumi's property-path form (`a.b`, `a[0]`, `a["x.y"]`), or undefined. */
export function valueAt(root: unknown, path: string): unknown {
  let value = root;
  for (const match of path.matchAll(/([^.[\]"]+)|\["((?:[^"\\]|\\.)*)"\]|\[(\d+)\]/g)) {
    const key = match[1] ?? match[2] ?? match[3] ?? "";
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else if (isObject(value)) value = value[key];
    else return undefined;
  }
  return value;
}

/** The top-level names of a property path: `annotations["team"]` and `annotations.team` give `annotations`. */
function dotted(path: string): string {
  return path.replace(/\["((?:[^"\\]|\\.)*)"\]/g, ".$1").replace(/\[\d+\]/g, "");
}

/**
 * A value with every secret replaced by {@link SECRET_SHOWN}: Pulumi's secret values, the string the CLI prints for
 * them, the kind's secret fields at or under `path`, and any field named like a secret (`…Secret`, `password`, `token`). Keys of the package's own bookkeeping (`__…`) are left out.
 */
export function withoutSecrets(value: unknown, path: string, secretPaths: readonly string[]): unknown {
  const at = dotted(path);
  if (secretPaths.some((secret) => at === secret || at.startsWith(`${secret}.`))) return SECRET_SHOWN;
  if (SECRET_NAME.test(at.split(".").at(-1) ?? "")) return SECRET_SHOWN;
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, path, secretPaths));
  if (!isObject(value)) return value;
  if (SPECIAL_SIG_KEY in value) return SECRET_SHOWN;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith("__"))
      .map(([key, item]) => [key, withoutSecrets(item, at === "" ? key : `${at}.${key}`, secretPaths)]),
  );
}

/** A value as a report shows it: JSON, cut at {@link SHOWN_LENGTH}; `(unset)` for none. */
export function shown(value: unknown): string {
  if (value === undefined || value === null) return "(unset)";
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH - 1)}…` : text;
}
