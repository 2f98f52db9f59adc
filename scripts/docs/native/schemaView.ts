/**
 * The package schema as the reference pages read it: `packageSchema()` (what `pulumi-idgov schema` prints), its
 * resources and functions, and each property's type resolved to a shape the example writers walk.
 */
import { packageSchema } from "../../../provider/native/schema";
import type { NamedType, PropertySpec, TypeSpec } from "../../../provider/native/schemaTypes";

/** The package schema. */
export type PackageSchema = ReturnType<typeof packageSchema>;

/** One enumeration member, as the schema declares it. */
export interface EnumMember {
  readonly name: string;
  readonly value: string;
  readonly description?: string;
}

/** A property's type, resolved: what a value of it is written as in each language. */
export type Shape =
  | { readonly kind: "string" | "integer" | "number" | "boolean" | "any" }
  | { readonly kind: "array"; readonly items: Shape }
  | { readonly kind: "map"; readonly values: Shape }
  | { readonly kind: "object"; readonly name: string; readonly object: ObjectSpec }
  | { readonly kind: "enum"; readonly name: string; readonly members: readonly EnumMember[] };

/** The properties of an object: a resource's inputs, a function's arguments, or a named object type. */
export interface ObjectSpec {
  readonly properties: Readonly<Record<string, PropertySpec>>;
  readonly required?: readonly string[];
}

/** `idgov:index:AppAccessModel` → `AppAccessModel`. */
export function tokenName(token: string): string {
  return token.slice(token.lastIndexOf(":") + 1);
}

/** Reads types of one schema. */
export class SchemaView {
  constructor(readonly schema: PackageSchema = packageSchema()) {}

  /** The named type a `#/types/…` reference points at. */
  namedType(ref: string): NamedType {
    const token = ref.slice("#/types/".length);
    const named = (this.schema.types as Record<string, NamedType>)[token];
    if (named === undefined) throw new Error(`the schema has no type ${token}`);
    return named;
  }

  /** What a property's values are. */
  shapeOf(spec: TypeSpec): Shape {
    if (spec.$ref === "pulumi.json#/Any") return { kind: "any" };
    if (spec.$ref !== undefined) {
      const named = this.namedType(spec.$ref);
      const name = tokenName(spec.$ref);
      return named.type === "object"
        ? { kind: "object", name, object: named }
        : { kind: "enum", name, members: named.enum };
    }
    if (spec.type === "array" && spec.items) return { kind: "array", items: this.shapeOf(spec.items) };
    if (spec.type === "object" && spec.additionalProperties) {
      return { kind: "map", values: this.shapeOf(spec.additionalProperties) };
    }
    if (
      spec.type === "string" ||
      spec.type === "integer" ||
      spec.type === "number" ||
      spec.type === "boolean"
    ) {
      return { kind: spec.type };
    }
    return { kind: "any" };
  }

  /** The shape of one property of an object, or a clear error naming it. */
  propertyShape(object: ObjectSpec, name: string, where: string): Shape {
    const spec = object.properties[name];
    if (spec === undefined) throw new Error(`${where} has no property ${name}`);
    return this.shapeOf(spec);
  }

  /** The `#/types/…` references a type mentions, itself included when named. */
  refsOf(spec: TypeSpec): string[] {
    if (spec.$ref?.startsWith("#/types/")) return [spec.$ref];
    return [
      ...(spec.items ? this.refsOf(spec.items) : []),
      ...(spec.additionalProperties ? this.refsOf(spec.additionalProperties) : []),
    ];
  }

  /** Every named type reachable from some properties, in the order first met. */
  reachableTypes(objects: readonly ObjectSpec[]): string[] {
    const seen: string[] = [];
    const visit = (spec: TypeSpec) => {
      for (const ref of this.refsOf(spec)) {
        if (seen.includes(ref)) continue;
        seen.push(ref);
        const named = this.namedType(ref);
        if (named.type === "object") Object.values(named.properties).forEach(visit);
      }
    };
    for (const object of objects) Object.values(object.properties).forEach(visit);
    return seen;
  }
}
