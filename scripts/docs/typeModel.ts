/**
 * What the reference pages say about types, read with the TypeScript checker from the package's public surface
 * (`resources/index.ts`): the members and TSDoc of the `…Args` and `…Outputs` interfaces that `npm run gen:types`
 * writes into `resources/types.ts`, the lookups' signatures, and the members of each enumeration.
 */
import * as path from "node:path";
import * as ts from "typescript";
import { enumTypeNames } from "../publicTypes";

const ROOT = path.resolve(__dirname, "..", "..");

/** One member of an interface or object type, as a page shows it. */
export interface Member {
  readonly name: string;
  /** The type as a program writes it: `pulumi.Input` wrappers and `| undefined` left out. */
  readonly type: string;
  readonly optional: boolean;
  /** The TSDoc text, `@default` included; empty when the member has none. */
  readonly doc: string;
}

/** One exported function: its TSDoc, its first parameter's members and its answer's members. */
export interface FunctionInfo {
  readonly name: string;
  readonly doc: string;
  /** The name of its arguments type, or undefined when it takes none (only options). */
  readonly argsType: string | undefined;
  readonly args: readonly Member[];
  /** The type it answers, as written (`Promise` unwrapped): `AppInfo`, `UserInfo[]`. */
  readonly answer: string;
  /** The members of the answer (of its elements, for a list). */
  readonly answerMembers: readonly Member[];
}

/** `In<X>` written as `X`, at any depth; `(X | Y)[]` where a union was the element of a list. */
export function withoutInputWrappers(text: string): string {
  let out = text;
  for (;;) {
    const start = out.search(/\bIn</);
    if (start === -1) return out;
    let depth = 0;
    let end = start + 2;
    for (; end < out.length; end += 1) {
      if (out[end] === "<") depth += 1;
      else if (out[end] === ">" && --depth === 0) break;
    }
    const inner = out.slice(start + 3, end);
    const listed = out[end + 1] === "[" && /\|/.test(inner.replace(/\{[^]*\}/g, ""));
    out = out.slice(0, start) + (listed ? `(${inner})` : inner) + out.slice(end + 1);
  }
}

/** A declared type's text as a page shows it: one line, no input wrappers, no open index signature, no `undefined`. */
export function displayType(text: string): string {
  return withoutInputWrappers(text.replace(/pulumi\.Input</g, "In<"))
    .replace(/\s+/g, " ")
    .replace(/\[key: string\]: unknown;\s*/g, "")
    .replace(/\s*\|\s*undefined\b/g, "")
    .replace(/(^|[:(<])\s*\|\s*/g, "$1 ")
    .replace(/;\s*\}/g, " }")
    .replace(/\s+/g, " ")
    .trim();
}

/** The public surface of the package, type-checked once. */
export class TypeModel {
  private readonly checker: ts.TypeChecker;
  private readonly exports: Map<string, ts.Symbol>;
  private readonly declared: Map<string, ts.Symbol>;
  /** Every enumeration of `resources/enums.ts`: its name and its members. */
  readonly enums: ReadonlyMap<string, readonly string[]>;

  constructor() {
    const options: ts.CompilerOptions = {
      strict: true,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      noEmit: true,
    };
    const program = ts.createProgram([path.join(ROOT, "resources", "index.ts")], options);
    this.checker = program.getTypeChecker();
    const index = program.getSourceFile(path.join(ROOT, "resources", "index.ts"));
    const module = index && this.checker.getSymbolAtLocation(index);
    if (!module) throw new Error("resources/index.ts did not load");
    this.exports = new Map(this.checker.getExportsOfModule(module).map((symbol) => [symbol.name, symbol]));
    // The generated types every kind's Args and Outputs are declared in, exported or not from the index.
    const types = program.getSourceFile(path.join(ROOT, "resources", "types.ts"));
    const typesModule = types && this.checker.getSymbolAtLocation(types);
    if (!typesModule) throw new Error("resources/types.ts did not load");
    this.declared = new Map(
      this.checker.getExportsOfModule(typesModule).map((symbol) => [symbol.name, symbol]),
    );
    this.enums = new Map(
      [...enumTypeNames(program, this.checker)].map(([members, name]) => [name, members.split("|")]),
    );
  }

  /** The names the package exports. */
  exportedNames(): string[] {
    return [...this.exports.keys()];
  }

  /** The TSDoc of an exported name. */
  docOf(name: string): string {
    return this.doc(this.resolved(name));
  }

  /** The members of an exported interface or type, inherited ones included, in declaration order. */
  membersOf(name: string): Member[] {
    const symbol = this.resolved(name);
    return this.members(this.checker.getDeclaredTypeOfSymbol(symbol));
  }

  /** An exported function, by name. */
  functionInfo(name: string): FunctionInfo {
    const symbol = this.resolved(name);
    const declaration = symbol.declarations?.find(ts.isFunctionDeclaration);
    if (!declaration) throw new Error(`${name} is not an exported function`);
    const [first] = declaration.parameters;
    const takesArgs = first !== undefined && first.name.getText() !== "options";
    const argsType = takesArgs && first.type ? first.type.getText() : undefined;
    const returned = declaration.type;
    const answerNode =
      returned && ts.isTypeReferenceNode(returned) && returned.typeName.getText() === "Promise"
        ? returned.typeArguments?.[0]
        : returned;
    if (!answerNode) throw new Error(`${name} declares no answer type`);
    const answerType = this.checker.getTypeFromTypeNode(answerNode);
    const element = this.checker.isArrayType(answerType)
      ? this.checker.getTypeArguments(answerType as ts.TypeReference)[0]
      : answerType;
    return {
      name,
      doc: this.doc(symbol),
      argsType,
      args: takesArgs && first ? this.members(this.checker.getTypeAtLocation(first)) : [],
      answer: answerNode.getText(),
      answerMembers: element ? this.members(element) : [],
    };
  }

  private resolved(name: string): ts.Symbol {
    const symbol = this.exports.get(name) ?? this.declared.get(name);
    if (!symbol) throw new Error(`pulumi-idgov exports no ${name}, nor does resources/types.ts`);
    return symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
  }

  private members(type: ts.Type): Member[] {
    return this.checker.getPropertiesOfType(type).map((property) => {
      const declaration = property.valueDeclaration;
      const typeNode =
        declaration && (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration))
          ? declaration.type
          : undefined;
      const text = typeNode
        ? typeNode.getText()
        : this.checker.typeToString(this.checker.getTypeOfSymbol(property));
      return {
        name: property.name,
        type: displayType(text),
        optional: (property.flags & ts.SymbolFlags.Optional) !== 0,
        doc: this.doc(property),
      };
    });
  }

  private doc(symbol: ts.Symbol): string {
    const text = ts.displayPartsToString(symbol.getDocumentationComment(this.checker));
    const tags = symbol
      .getJsDocTags(this.checker)
      .filter((tag) => tag.name === "default")
      .map((tag) => `Default: ${ts.displayPartsToString(tag.text)}.`);
    return [text, ...tags]
      .filter((part) => part !== "")
      .join(" ")
      .replace(/\{@link (\w+)\}/g, "`$1`")
      .replace(/\s+/g, " ")
      .trim();
  }
}
