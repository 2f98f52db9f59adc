/**
 * The kinds as code outside this repository may read them: `import { KIND_FACTS } from "pulumi-idgov/kinds"`.
 *
 * A small, stable view over the kind declarations (`provider/kinds/`): for each kind its type tokens, the fields a
 * program manages (dotted paths), the members of its enumerations, its write-only secrets and its durations, plus the
 * duration reader the kinds themselves use. Everything here is computed from the declarations, so a renamed field or
 * a new enumeration member shows here the moment the kind changes. Policy packs (`pulumi-idgov/policy`) and tests read
 * it; nothing here calls the service.
 *
 * @packageDocumentation
 */
import { z } from "zod";
import { CONFIG_KEYS } from "../client/configKeys";
import type { FieldTable } from "../engine";
import { ENUM_MEMBERS, parseDuration as parseKindDuration } from "../schemas";
import type { KindDeclaration } from "./declaration";
import { KINDS } from "./index";
import { KIND_NAMES, type KindName } from "./names";
import {
  type DynamicTypeToken,
  kindOfToken,
  type NativeTypeToken,
  PROVIDER_TYPE_TOKEN,
  typeTokenOf,
} from "./tokens";

export { KIND_NAMES, type KindName };

/** What a program, a policy or a test may know about one kind. */
export interface KindFacts {
  /** The kind's name: `App`. */
  readonly name: KindName;
  /** What an object of the kind is, in one sentence. */
  readonly description: string;
  /** The type token of the native provider's resource (YAML, Python, Go and SDK programs): `idgov:index:App`. */
  readonly typeToken: NativeTypeToken;
  /** The type token of the TypeScript dynamic class's resource: `pulumi-nodejs:dynamic/idgov:App`. */
  readonly dynamicTypeToken: DynamicTypeToken;
  /**
   * Every field a program manages, as dotted paths: each top-level field, and each subfield of a nested message
   * (`providerClient`, `providerClient.oidcClientSecret`). `annotations` is one of them when the kind carries
   * annotations (spec 2.1).
   */
  readonly fields: readonly string[];
  /** Whether objects of the kind carry annotations (spec 2.1). */
  readonly annotations: boolean;
  /** The members of each enumeration field, by dotted path (`accessModel` → `["APP_ACCESS_MODEL_UNSPECIFIED", …]`). */
  readonly enums: Readonly<Record<string, readonly string[]>>;
  /** The write-only secret fields (client secrets), by dotted path: never answered by the service, secret in state. */
  readonly secretFields: readonly string[];
  /** The duration fields, by dotted path; read their values with {@link parseDuration}. */
  readonly durationFields: readonly string[];
  /** The fields the service fixes at creation (a change replaces the object). */
  readonly immutableFields: readonly string[];
}

/** The dotted paths of a field table whose spec passes `test`, nested messages included. */
function pathsWhere(fields: FieldTable, test: (spec: FieldTable[string]) => boolean, prefix = ""): string[] {
  return Object.entries(fields).flatMap(([name, spec]) => [
    ...(test(spec) ? [`${prefix}${name}`] : []),
    ...(spec.type === "message" && spec.fields ? pathsWhere(spec.fields, test, `${prefix}${name}.`) : []),
  ]);
}

interface JsonNode {
  readonly properties?: Readonly<Record<string, JsonNode>>;
  readonly items?: JsonNode;
  readonly anyOf?: readonly JsonNode[];
  readonly [ENUM_MEMBERS]?: readonly string[];
}

/** The enumerations of a kind's inputs, by dotted path (a list of members counts as its field). */
function enumsOf(kind: KindDeclaration): Record<string, readonly string[]> {
  const found: Record<string, readonly string[]> = {};
  const visit = (node: JsonNode | undefined, path: string): void => {
    if (!node) return;
    const members = node[ENUM_MEMBERS];
    if (members && path !== "") found[path] = [...members];
    for (const variant of node.anyOf ?? []) visit(variant, path);
    visit(node.items, path);
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      visit(child, path === "" ? name : `${path}.${name}`);
    }
  };
  visit(z.toJSONSchema(kind.inputSchema, { io: "input", unrepresentable: "any" }) as JsonNode, "");
  return found;
}

function factsOf(kind: KindDeclaration<KindName>): KindFacts {
  const annotations = kind.annotations === true;
  return {
    name: kind.name,
    description: kind.description,
    typeToken: typeTokenOf(kind.name, "native"),
    dynamicTypeToken: typeTokenOf(kind.name, "dynamic"),
    fields: [...pathsWhere(kind.fields, () => true), ...(annotations ? ["annotations"] : [])],
    annotations,
    enums: enumsOf(kind),
    secretFields: pathsWhere(kind.fields, (spec) => spec.writeOnly === true),
    durationFields: pathsWhere(kind.fields, (spec) => spec.type === "duration"),
    immutableFields: pathsWhere(kind.fields, (spec) => spec.immutable === true),
  };
}

/** The facts of every kind, by name. */
export const KIND_FACTS: Readonly<Record<KindName, KindFacts>> = Object.freeze(
  Object.fromEntries(KINDS.map((kind) => [kind.name, Object.freeze(factsOf(kind))])) as Record<
    KindName,
    KindFacts
  >,
);

/**
 * The kind a resource of type `type` is, through either door: `idgov:index:App` (native provider) and
 * `pulumi-nodejs:dynamic/idgov:App` (the TypeScript class) both give App's facts. Any other type, including other
 * dynamic providers' `pulumi-nodejs:dynamic/…` resources, gives `undefined`.
 */
export function kindOfType(type: string): KindFacts | undefined {
  const named = kindOfToken(type);
  return named === undefined ? undefined : KIND_FACTS[named.kind];
}

export { PROVIDER_TYPE_TOKEN };

/** The provider settings that are secrets (`clientSecret`, `accessToken`, …): inputs of a provider instance. */
export const PROVIDER_SECRET_SETTINGS: readonly string[] = Object.freeze(
  CONFIG_KEYS.filter((info) => info.secret).map((info) => info.name),
);

/**
 * Reads a duration in the forms the kinds accept and returns it in seconds: one or more `<number><unit>` parts with
 * units `d`, `h`, `m`, `s`, `ms` (`"12h"`, `"90m"`, `"1h30m"`, `"43200s"`, `"1.5s"`, `"2d"`), as a program writes it
 * or as the service answers it. `undefined` for anything else, including a bare number.
 */
export function parseDuration(text: string): number | undefined {
  return parseKindDuration(text);
}
