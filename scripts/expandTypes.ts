/**
 * Writes a schema's type out as a plain TypeScript type, with no alias of zod's left in it. A nested object that has
 * the shape of a public type is written by that type's name, so each shape is spelled out once in
 * `resources/types.ts`.
 */
import * as ts from "typescript";

/** How deep a type may nest before the expansion gives up. */
export const MAX_DEPTH = 16;

/** A member name as TypeScript takes it: quoted unless it is an identifier. */
export function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

/** Expands types structurally, naming each nested object by the public type of the same shape. */
export class TypeExpander {
  /** The public types by the text of their shape written out in full. */
  private readonly names = new Map<string, string>();
  private readonly fullTexts = new Map<ts.Type, string>();

  constructor(private readonly checker: ts.TypeChecker) {}

  /** Makes `name` stand for `type`'s shape wherever a later expansion nests it (the first name of a shape holds). */
  name(name: string, type: ts.Type): void {
    const text = this.full(type);
    if (!this.names.has(text)) this.names.set(text, name);
  }

  /** `type` written out, its nested objects by name where a public type has their shape. */
  expand(type: ts.Type): string {
    return this.write(type, 0, true);
  }

  /** `type` written out in full: no nested object named. */
  full(type: ts.Type): string {
    let text = this.fullTexts.get(type);
    if (text === undefined) {
      text = this.write(type, 0, false);
      this.fullTexts.set(type, text);
    }
    return text;
  }

  private write(type: ts.Type, depth: number, naming: boolean): string {
    const checker = this.checker;
    if (depth > MAX_DEPTH)
      throw new Error(`type nested deeper than ${MAX_DEPTH}: ${checker.typeToString(type)}`);
    if (type.isUnion()) {
      const parts = type.types.map((member) => this.write(member, depth + 1, naming));
      const bools = parts.includes("true") && parts.includes("false");
      const merged = bools ? ["boolean", ...parts.filter((p) => p !== "true" && p !== "false")] : parts;
      const last = (part: string) => (part === "undefined" ? 2 : part === "null" ? 1 : 0);
      merged.sort((a, b) => last(a) - last(b));
      return merged.map((part) => (part.includes("=>") ? `(${part})` : part)).join(" | ");
    }
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      const inner = element ? this.write(element, depth + 1, naming) : "unknown";
      return /[|&]/.test(inner) ? `(${inner})[]` : `${inner}[]`;
    }
    if (!(type.flags & ts.TypeFlags.Object) && !type.isIntersection()) return checker.typeToString(type);
    if (naming && depth > 0) {
      const name = this.names.get(this.full(type));
      if (name !== undefined) return name;
    }
    return `{ ${this.members(type, depth, naming).join(" ")} }`;
  }

  /** The members of an object type, its index signatures first. */
  private members(type: ts.Type, depth: number, naming: boolean): string[] {
    const checker = this.checker;
    const members: string[] = [];
    for (const info of checker.getIndexInfosOfType(type)) {
      const value = this.write(info.type, depth + 1, naming);
      members.push(`[key: ${checker.typeToString(info.keyType)}]: ${value};`);
    }
    for (const property of checker.getPropertiesOfType(type)) {
      const optional = property.flags & ts.SymbolFlags.Optional ? "?" : "";
      const value = this.write(checker.getTypeOfSymbol(property), depth + 1, naming);
      members.push(`${propertyName(property.name)}${optional}: ${value};`);
    }
    return members;
  }

  /** The members `type` adds to `base`; throws when it changes one of `base`'s, which an interface could not say. */
  added(type: ts.Type, base: ts.Type): string[] {
    const own = this.members(type, 0, true);
    const inherited = new Set(this.members(base, 0, true));
    const baseNames = new Set(this.checker.getPropertiesOfType(base).map((property) => property.name));
    const added = own.filter((member) => !inherited.has(member));
    const changed = added.find((member) => member.startsWith("[") || baseNames.has(member.split(/\??:/)[0]!));
    if (changed !== undefined)
      throw new Error(`an extension may only add members, not change \`${changed}\``);
    return added;
  }
}
