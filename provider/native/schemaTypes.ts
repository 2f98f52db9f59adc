import { z } from "zod";
import { ENUM_MEMBERS } from "../schemas";
import { NATIVE_TOKEN_PREFIX } from "../kinds/tokens";

/** The part of a JSON Schema that zod's `toJSONSchema` writes for the shapes of this package. */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly additionalProperties?: JsonSchema | boolean;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly description?: string;
  readonly [ENUM_MEMBERS]?: readonly string[];
}

/** A Pulumi schema type reference or inline type. */
export interface TypeSpec {
  type?: string;
  $ref?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
}

/** A property of a Pulumi schema object, resource or function. */
export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
}

/** A named type of the Pulumi schema: an object type, or an enumeration. */
export type NamedType =
  | { type: "object"; description?: string; properties: Record<string, PropertySpec>; required?: string[] }
  | { type: "string"; description: string; enum: { name: string; value: string }[] };

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/** `app_user_mapper`, `appUserMapper` or `TRIGGER_TYPE` as `AppUserMapper` / `TriggerType`. */
export function pascalCase(text: string): string {
  return text
    .split(/[_\-\s.]+/)
    .filter((part) => part !== "")
    .map((part) => (part === part.toUpperCase() ? part.toLowerCase() : part))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}

/** The JSON Schema of a zod schema, as a program writes it (`io: "input"`) or as the service answers it. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
}

/** The prefix of an enumeration's members: its zero member's (`TRIGGER_TYPE_`), else the members' common one. */
function enumPrefix(members: readonly string[]): string {
  const zero = members.find((member) => member.endsWith("_UNSPECIFIED"));
  if (zero) return zero.slice(0, -"UNSPECIFIED".length);
  let prefix = members[0] ?? "";
  for (const member of members) while (!member.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf("_") + 1);
}

/**
 * Turns JSON Schemas into the types of a Pulumi schema: nested objects become named object types (named after the
 * path that reaches them, e.g. `AppAppUserMapper`), enumerations named enums (named after their members' prefix,
 * e.g. `TriggerType`), records maps, lists arrays, anything else `Any`.
 */
export class SchemaTypes {
  readonly types: Record<string, NamedType> = {};

  /**
   * The Pulumi type of a JSON Schema, named `name` if it is an object; `isSecret(path)` says which nested
   * properties are secret (at the dotted path below the top).
   */
  typeOf(json: JsonSchema, name: string, path: string, isSecret: (path: string) => boolean): TypeSpec {
    const variants = (json.anyOf ?? json.oneOf ?? []).filter((variant) => variant.type !== "null");
    if (variants.length === 1) return this.typeOf(variants[0] as JsonSchema, name, path, isSecret);
    if (variants.length > 1) return ANY;
    const type = Array.isArray(json.type) ? json.type.find((each) => each !== "null") : json.type;
    const members = json[ENUM_MEMBERS];
    if (type === "string" && members && members.length > 0) return this.enumType(members, name);
    if (type === "string" || type === "integer" || type === "number" || type === "boolean") return { type };
    if (type === "array") {
      return {
        type: "array",
        items: json.items ? this.typeOf(json.items, `${name}Item`, path, isSecret) : ANY,
      };
    }
    if (type === "object" && json.properties && Object.keys(json.properties).length > 0) {
      this.types[`${NATIVE_TOKEN_PREFIX}${name}`] = {
        type: "object",
        ...this.objectProperties(json, name, `${path}.`, isSecret),
      };
      return { $ref: `#/types/${NATIVE_TOKEN_PREFIX}${name}` };
    }
    if (type === "object" && typeof json.additionalProperties === "object") {
      return {
        type: "object",
        additionalProperties: this.typeOf(json.additionalProperties, name, path, isSecret),
      };
    }
    return ANY;
  }

  /** The properties (and required ones) of an object's JSON Schema, each typed; `prefix` is its dotted path. */
  objectProperties(
    json: JsonSchema,
    name: string,
    prefix: string,
    isSecret: (path: string) => boolean,
  ): { properties: Record<string, PropertySpec>; required?: string[] } {
    const properties: Record<string, PropertySpec> = {};
    for (const [property, schema] of Object.entries(json.properties ?? {})) {
      const path = `${prefix}${property}`;
      const spec: PropertySpec = this.typeOf(schema, `${name}${pascalCase(property)}`, path, isSecret);
      if (schema.description !== undefined && spec.$ref === undefined) spec.description = schema.description;
      if (isSecret(path)) spec.secret = true;
      properties[property] = spec;
    }
    const required = (json.required ?? []).filter((property) => property in properties);
    return required.length === 0 ? { properties } : { properties, required: [...required] };
  }

  private enumType(members: readonly string[], fallbackName: string): TypeSpec {
    const prefix = enumPrefix(members);
    const name = prefix === "" ? fallbackName : pascalCase(prefix);
    const token = `${NATIVE_TOKEN_PREFIX}${name}`;
    const known = this.types[token];
    const values = new Set([
      ...(known?.type === "string" ? known.enum.map((each) => each.value) : []),
      ...members,
    ]);
    this.types[token] = {
      type: "string",
      description:
        `The service's ${prefix === "" ? name : `${prefix}*`} enumeration. A member pulumi-idgov does not list ` +
        "passes check only when the provider's allowUnlistedMembers is true.",
      enum: [...values].map((value) => ({ name: pascalCase(value.slice(prefix.length)) || value, value })),
    };
    return { $ref: `#/types/${token}` };
  }
}
