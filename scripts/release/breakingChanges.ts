/**
 * What a schema breaks for programs written against an earlier one: a resource, function, type, property, config
 * key or enumeration member taken away, a property's type changed, an input newly required. Each is named as
 * `<thing>: <what happened>`, the thing as a program's author knows it (`App.displayName`).
 */
import { parseSemVer } from "../../provider/version";

interface PropertyMap {
  readonly [name: string]: Record<string, unknown>;
}

interface ObjectLike {
  properties?: PropertyMap;
  inputProperties?: PropertyMap;
  required?: string[];
  requiredInputs?: string[];
  enum?: { value: unknown }[];
  inputs?: ObjectLike;
  outputs?: ObjectLike;
  variables?: PropertyMap;
}

export interface SchemaLike {
  resources?: Record<string, ObjectLike>;
  functions?: Record<string, ObjectLike>;
  types?: Record<string, ObjectLike>;
  provider?: ObjectLike;
  config?: ObjectLike;
}

const short = (token: string) => token.slice(token.lastIndexOf(":") + 1);

/** A property's type in words (`array of string`), without its description, default or other words. */
function typeOf(spec: Record<string, unknown> | undefined): string {
  if (!spec) return "nothing";
  const { type, $ref, items, additionalProperties } = spec as {
    type?: string;
    $ref?: string;
    items?: Record<string, unknown>;
    additionalProperties?: Record<string, unknown>;
  };
  if ($ref) return short($ref);
  if (type === "array") return `array of ${typeOf(items)}`;
  if (type === "object" && additionalProperties) return `map of ${typeOf(additionalProperties)}`;
  return type ?? "any";
}

function compareProperties(
  owner: string,
  before: PropertyMap | undefined,
  after: PropertyMap | undefined,
  found: string[],
): void {
  for (const [name, spec] of Object.entries(before ?? {})) {
    const now = after?.[name];
    if (!now) found.push(`${owner}.${name}: removed`);
    else if (typeOf(spec) !== typeOf(now))
      found.push(`${owner}.${name}: type changed from ${typeOf(spec)} to ${typeOf(now)}`);
  }
}

function newlyRequired(
  owner: string,
  before: string[] | undefined,
  after: string[] | undefined,
  found: string[],
): void {
  for (const name of after ?? [])
    if (!(before ?? []).includes(name)) found.push(`${owner}.${name}: now required`);
}

/** Every change of `current` that breaks a program written against `previous`, sorted. */
export function breakingChanges(previous: SchemaLike, current: SchemaLike): string[] {
  const found: string[] = [];
  for (const [token, before] of Object.entries(previous.resources ?? {})) {
    const after = current.resources?.[token];
    if (!after) {
      found.push(`${short(token)}: resource removed`);
      continue;
    }
    compareProperties(short(token), before.inputProperties, after.inputProperties, found);
    compareProperties(short(token), before.properties, after.properties, found);
    newlyRequired(short(token), before.requiredInputs, after.requiredInputs, found);
  }
  for (const [token, before] of Object.entries(previous.functions ?? {})) {
    const after = current.functions?.[token];
    if (!after) {
      found.push(`${short(token)}: function removed`);
      continue;
    }
    compareProperties(short(token), before.inputs?.properties, after.inputs?.properties, found);
    compareProperties(`${short(token)} result`, before.outputs?.properties, after.outputs?.properties, found);
    newlyRequired(short(token), before.inputs?.required, after.inputs?.required, found);
  }
  for (const [token, before] of Object.entries(previous.types ?? {})) {
    const after = current.types?.[token];
    if (!after) {
      found.push(`${short(token)}: type removed`);
      continue;
    }
    compareProperties(short(token), before.properties, after.properties, found);
    newlyRequired(short(token), before.required, after.required, found);
    const members = new Set((after.enum ?? []).map((member) => member.value));
    for (const member of before.enum ?? [])
      if (!members.has(member.value))
        found.push(`${short(token)}.${String(member.value)}: enum member removed`);
  }
  compareProperties("Provider", previous.provider?.inputProperties, current.provider?.inputProperties, found);
  compareProperties("config", previous.config?.variables, current.config?.variables, found);
  return found.sort();
}

/** `0.1.0` → [0, 1, 0]; [0, 0, 0] for what is not a version. */
const parts = (version: string) => {
  const parsed = parseSemVer(version);
  return parsed ? [parsed.major, parsed.minor, parsed.patch] : [0, 0, 0];
};

/** Whether `next` moves the number a breaking change must move after `released`: the major, or before 1.0 the minor. */
export function allowsBreaking(released: string, next: string): boolean {
  const [major = 0, minor = 0] = parts(released);
  const [nextMajor = 0, nextMinor = 0] = parts(next);
  return major === 0 ? nextMajor > 0 || nextMinor > minor : nextMajor > major;
}

/** The text under `### Breaking` of CHANGELOG's `[Unreleased]` section, or "". */
export function announcedBreaking(changelog: string): string {
  const unreleased = /^## \[Unreleased\]\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(changelog)?.[1] ?? "";
  return /^### Breaking\n([\s\S]*?)(?=^### |(?![\s\S]))/m.exec(unreleased)?.[1] ?? "";
}
