import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { rememberSecret } from "../errors/redact";
import { type FieldTable, fieldAt, leafPaths } from "./fields";
import type { ResourceKind } from "./kind";
import { getPath } from "./paths";
import { containsUnknown } from "./unknowns";

/** Salted digests of the write-only values last sent, by dotted path: all that outputs keep of a secret. */
export type WriteOnlyDigests = Readonly<Record<string, string>>;

const SCHEME = "scrypt";
const KEY_LENGTH = 32;

function textOf(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * A salted, slow digest of a secret (`scrypt:<salt>:<hash>`, base64url): enough to tell whether the program's value
 * changed, useless to recover it.
 */
export function digestSecret(value: unknown, salt: Buffer = randomBytes(16)): string {
  const hash = scryptSync(textOf(value), salt, KEY_LENGTH);
  return `${SCHEME}:${salt.toString("base64url")}:${hash.toString("base64url")}`;
}

/** Whether `value` is the secret `digest` was made from. */
export function matchesDigest(value: unknown, digest: string | undefined): boolean {
  const [scheme, salt, hash] = digest?.split(":") ?? [];
  if (scheme !== SCHEME || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = scryptSync(textOf(value), Buffer.from(salt, "base64url"), KEY_LENGTH);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/**
 * Whether a write-only value must be sent: the program's value is unknown, differs from the one last sent, or was
 * sent before and is now unset (sent empty, which clears it).
 */
export function writeOnlyChanged(value: unknown, digest: string | undefined): boolean {
  if (containsUnknown(value)) return true;
  if (!isSet(value)) return digest !== undefined;
  return !matchesDigest(value, digest);
}

const writeOnlyPathsOf = new WeakMap<FieldTable, readonly string[]>();

/** The dotted paths of a table's write-only fields (found once per table: every call of every resource asks). */
export function writeOnlyPaths(fields: FieldTable): readonly string[] {
  let paths = writeOnlyPathsOf.get(fields);
  if (!paths) {
    paths = leafPaths(fields).filter((path) => fieldAt(fields, path)?.writeOnly);
    writeOnlyPathsOf.set(fields, paths);
  }
  return paths;
}

/** The digests of the write-only values in `inputs`, reusing a previous digest when the value is the same. */
export function digestWriteOnly(
  fields: FieldTable,
  inputs: Record<string, unknown>,
  previous: WriteOnlyDigests = {},
): Record<string, string> {
  const digests: Record<string, string> = {};
  for (const path of writeOnlyPaths(fields)) {
    const value = getPath(inputs, path);
    if (!isSet(value)) continue;
    const before = previous[path];
    digests[path] = before !== undefined && matchesDigest(value, before) ? before : digestSecret(value);
  }
  return digests;
}

/**
 * The write-only values whose digests are kept, by dotted path: the program's after a write, the state's after a
 * read. A refresh gives them back as inputs, so an unchanged secret never shows as changed.
 */
export function writeOnlyValues(
  digests: WriteOnlyDigests,
  inputs: Record<string, unknown> | undefined,
  before: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const path of Object.keys(digests)) {
    const value = inputs ? getPath(inputs, path) : before[path];
    if (value !== undefined) values[path] = value;
  }
  return values;
}

/**
 * Remembers the secret values in a resource's props (its write-only inputs, and its once-answered outputs such as
 * webhook secrets) so that no error or log message can echo them, whatever the echo calls them.
 */
export function rememberSecretsOf(kind: ResourceKind, props: Record<string, unknown> | undefined): void {
  if (props === undefined) return;
  for (const path of writeOnlyPaths(kind.fields)) rememberSecret(getPath(props, path));
  const sent = (props.writeOnlyValues as Record<string, unknown> | undefined) ?? {};
  for (const value of Object.values(sent)) rememberSecret(value);
  for (const key of kind.onceOutputs ?? []) rememberSecret(props[key]);
}
