/** The writer of a program's Args and of a kind's outputs, for `resources/types.ts` (see `scripts/publicTypes.ts`). */
import * as ts from "typescript";
import { MAX_DEPTH, propertyName } from "./expandTypes";

/**
 * Writes a program's input types: every value may be a `pulumi.Input`, enumerations by their names. With `inputs`
 * false it writes plain values (the outputs), naming enumerations the same way.
 */
export class InputWriter {
  readonly enumsUsed = new Set<string>();
  /** The Args written so far, by their members' text: a later one names them. */
  readonly named = new Map<string, string>();
  /** Members left out wherever they occur. */
  withheld: ReadonlySet<string> = new Set();
  constructor(
    private readonly checker: ts.TypeChecker,
    readonly enums: ReadonlyMap<string, string>,
    private readonly inputs = true,
  ) {}

  private in(text: string): string {
    return this.inputs ? `In<${text}>` : text;
  }

  /** `type` as a program may write it, `undefined` left out (optional members say so). */
  write(type: ts.Type, depth: number): string {
    if (depth > MAX_DEPTH) throw new Error(`type nested deeper than ${MAX_DEPTH}`);
    if (type.aliasSymbol?.name === "Unlisted") return this.use("Unlisted");
    if (type.isUnion()) {
      const members = type.types.filter((member) => !(member.flags & ts.TypeFlags.Undefined));
      const literals = members.filter((member) => member.isStringLiteral()) as ts.StringLiteralType[];
      const named = this.enums.get(
        literals
          .map((literal) => literal.value)
          .sort()
          .join("|"),
      );
      const parts = [
        ...(literals.length === 0
          ? []
          : named
            ? [this.use(named)]
            : literals.map((l) => JSON.stringify(l.value))),
        ...members
          .filter((member) => !member.isStringLiteral())
          .map((member) => this.write(member, depth + 1)),
      ];
      const bools = parts.includes("true") && parts.includes("false");
      const merged = bools ? ["boolean", ...parts.filter((p) => p !== "true" && p !== "false")] : parts;
      return [...merged.filter((part) => part !== "null"), ...merged.filter((part) => part === "null")].join(
        " | ",
      );
    }
    if (this.checker.isArrayType(type)) {
      const [element] = this.checker.getTypeArguments(type as ts.TypeReference);
      const inner = this.in(element ? this.write(element, depth + 1) : "unknown");
      return /[|&]/.test(inner) && !this.inputs ? `(${inner})[]` : `${inner}[]`;
    }
    if (!(type.flags & ts.TypeFlags.Object)) return this.checker.typeToString(type);
    const properties = this.checker.getPropertiesOfType(type);
    // Outputs keep only the members an object's schema names (`knownFieldsOnly`): its index signature is for inputs.
    const indexed = this.inputs || properties.length === 0 ? this.checker.getIndexInfosOfType(type) : [];
    const members = indexed.map(
      (info) =>
        `[key: ${this.checker.typeToString(info.keyType)}]: ${this.in(this.write(info.type, depth + 1))};`,
    );
    for (const property of properties) {
      if (this.withheld.has(property.name)) continue;
      members.push(this.member(property, this.checker.getTypeOfSymbol(property), depth + 1));
    }
    const text = `{ ${members.join(" ")} }`;
    return this.named.get(text) ?? text;
  }

  /** One member: `name?: In<type>;`, optional when the type admits `undefined`. */
  member(property: ts.Symbol, type: ts.Type, depth: number): string {
    const undefinable = type.isUnion() && type.types.some((member) => member.flags & ts.TypeFlags.Undefined);
    const optional = property.flags & ts.SymbolFlags.Optional || undefinable ? "?" : "";
    return `${propertyName(property.name)}${optional}: ${this.in(this.write(type, depth))};`;
  }

  private use(name: string): string {
    this.enumsUsed.add(name);
    return name;
  }
}
