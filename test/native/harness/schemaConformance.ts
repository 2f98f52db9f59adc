import type { NamedType, PropertySpec, TypeSpec } from "../../../provider/native/schemaTypes";

/** The properties of an object: a function's outputs, or a named object type. */
export interface ObjectSpec {
  readonly properties: Readonly<Record<string, PropertySpec>>;
  readonly required?: readonly string[];
}

/** A package schema's named types, by token (`idgov:index:AppAccessModel`). */
export type NamedTypes = Readonly<Record<string, NamedType>>;

/**
 * Every way a value departs from an object spec of the package schema, as `path: rule` lines (none when it
 * conforms): a property the spec does not declare, a required property missing, a value of the wrong type, an
 * integer with a fraction, a string outside its enumeration's family (see {@link enumFamily}). `null` stands for an unset optional property.
 */
export function objectViolations(types: NamedTypes, spec: ObjectSpec, value: unknown, at: string): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return [`${at}: expected an object, got ${JSON.stringify(value)}`];
  }
  const record = value as Record<string, unknown>;
  const undeclared = Object.keys(record)
    .filter((name) => spec.properties[name] === undefined)
    .map((name) => `${at}.${name}: not a property of the schema's type`);
  const missing = (spec.required ?? [])
    .filter((name) => record[name] === undefined || record[name] === null)
    .map((name) => `${at}.${name}: required, missing`);
  const wrong = Object.entries(spec.properties).flatMap(([name, property]) =>
    record[name] === undefined || record[name] === null
      ? []
      : typeViolations(types, property, record[name], `${at}.${name}`),
  );
  return [...undeclared, ...missing, ...wrong];
}

function namedViolations(types: NamedTypes, ref: string, value: unknown, at: string): string[] {
  const token = ref.slice("#/types/".length);
  const named = types[token];
  if (named === undefined) return [`${at}: the schema has no type ${token}`];
  if (named.type === "object") return objectViolations(types, named, value, at);
  const members = named.enum.map((member) => member.value);
  const family = enumFamily(members);
  if (typeof value === "string" && (members.includes(value) || (family && value.startsWith(family)))) {
    return [];
  }
  return [`${at}: ${JSON.stringify(value)} is not a member of ${token} (${members.join(", ")})`];
}

/**
 * `SUGGESTION_STATE_` of `SUGGESTION_STATE_NEW`, `SUGGESTION_STATE_ACCEPTED`…: an enumeration's family. Clients carry
 * a member the service adds later through untouched (spec 2.0.5), so a value of the family conforms.
 */
function enumFamily(members: readonly string[]): string {
  const [first = ""] = members;
  let length = first.length;
  for (const member of members) {
    while (!member.startsWith(first.slice(0, length))) length -= 1;
  }
  const prefix = first.slice(0, length);
  return prefix.slice(0, prefix.lastIndexOf("_") + 1);
}

const PRIMITIVE_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === "string",
  boolean: (value) => typeof value === "boolean",
  number: (value) => typeof value === "number",
  integer: (value) => typeof value === "number" && Number.isInteger(value),
};

/** Every way one value departs from a property's type (see {@link objectViolations}). */
export function typeViolations(types: NamedTypes, spec: TypeSpec, value: unknown, at: string): string[] {
  if (spec.$ref === "pulumi.json#/Any") return [];
  if (spec.$ref?.startsWith("#/types/")) return namedViolations(types, spec.$ref, value, at);
  if (spec.type === "array" && spec.items) {
    if (!Array.isArray(value)) return [`${at}: expected an array, got ${JSON.stringify(value)}`];
    const items = spec.items;
    return value.flatMap((item, index) => typeViolations(types, items, item, `${at}[${index}]`));
  }
  if (spec.type === "object" && spec.additionalProperties) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      return [`${at}: expected a map, got ${JSON.stringify(value)}`];
    }
    const values = spec.additionalProperties;
    return Object.entries(value).flatMap(([key, inner]) =>
      typeViolations(types, values, inner, `${at}.${key}`),
    );
  }
  const check = spec.type === undefined ? undefined : PRIMITIVE_CHECKS[spec.type];
  if (check === undefined)
    return [`${at}: the schema's type ${JSON.stringify(spec)} is not one this checker knows`];
  return check(value) ? [] : [`${at}: expected ${spec.type}, got ${JSON.stringify(value)}`];
}
