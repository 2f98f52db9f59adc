/**
 * Writes `resources/types.ts`: the response shapes the public API hands out (resource outputs, lookup results) as
 * plain TypeScript types, expanded from the zod schemas of `provider/schemas`. So the published declarations
 * never import zod: a program type-checks them under any tsconfig, `skipLibCheck: false` included.
 *
 * `npm run gen:types` rewrites the file; `test/resources/publicTypes.test.ts` fails when it is stale.
 */
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { TypeExpander } from "./expandTypes";
import { InputWriter } from "./inputWriter";
import type { KindName } from "../provider/kinds/names";
import { NESTED_TYPES } from "./nestedTypes";
import { type OutputsName, outputsEntryLines, outputsInterface, PUBLIC_OUTPUTS } from "./publicOutputs";

const ROOT = path.resolve(__dirname, "..");
export const TYPES_FILE = path.join(ROOT, "resources", "types.ts");

/** Each public type, and the schema type it is expanded from (an expression over `s`, the schemas module). */
const PUBLIC_TYPES: Readonly<Record<string, string>> = {
  User: "s.User",
  UserNotificationSettings: "s.UserNotificationSettings",
  SourceRestriction: "s.SourceRestriction",
  SessionSettings: "s.SessionSettings",
  SsoSettings: "s.SsoSettings",
  XaaSettings: "s.XaaSettings",
  RoleMiningSuggestion: "s.RoleMiningSuggestion",
  PaperSecret: "s.PaperSecret",
  McpResource: "s.McpResource",
  DisabledReasonCircuitBreaker: "s.DisabledReasonCircuitBreaker",
  CredentialInventoryPolicy: "s.CredentialInventoryPolicy",
  SessionPolicy: "s.SessionPolicy",
  AutomationStepResponse: "s.AutomationStepResponse",
  Automation: "s.Automation",
  AppResource: "s.AppResource",
  App: "s.App",
  AppResourceView: "s.AppResourceView",
  AuthConfig: "s.AuthConfig",
  RequestCatalogView: "s.RequestCatalogView",
  RequestCatalog: "z.infer<typeof s.requestCatalogSchema>",
  AccessReviewEntitlement: "s.AccessReviewEntitlement",
  ScopeV2: "s.ScopeV2",
  EntitlementSelector: "s.EntitlementSelector",
  EntitlementOwnerRow: "z.infer<typeof o.entitlementOwnerRowSchema>",
};

/** One Args interface: the shapes it is expanded from (over `s`), the options interface it extends, its TSDoc. */
interface ArgsSpec {
  readonly shapes: readonly string[];
  readonly extends?: string;
  readonly doc: string;
}

/** The Args of AccessReviewScope: its campaign scope and grants criteria first, so that its Args names them. */
const ACCESS_REVIEW_SCOPE_ARGS: Readonly<
  Record<"AccessReviewScopeArgs", ArgsSpec> & Record<string, ArgsSpec>
> = {
  GrantsByCriteriaArgs: {
    shapes: ["s.grantsByCriteriaWritableShape"],
    doc:
      "The grants a campaign reviews, chosen by criteria: at most one of `daysSinceAdded`, `daysSinceReviewed` and\n" +
      "`grantsAddedBetween` (oneof `criteria_filter`), with any of the other filters.",
  },
  ScopeV2Args: {
    shapes: ["s.scopeV2WritableShape"],
    doc:
      "The scope of a campaign (spec 2.9): at most one member of each of its seven oneof groups (each member's\n" +
      "TSDoc names its group), any groups together; `principalTypeFilter` and `scopeRoleSelection` belong to none.",
  },
  AccessReviewScopeArgs: {
    shapes: ["s.accessReviewScopeWritableShape"],
    extends: "RestoreArgs",
    doc: "The scope and selected entitlements of an existing access-review campaign (spec 2.9).",
  },
};

/**
 * Each kind's Args, expanded from the zod shapes of what its program writes. Every field's TSDoc is the comment on
 * its member of the shape, so a field is declared, documented and checked in one place. An Args listed before
 * another names its shape wherever the later one holds it (`SourceRestrictionArgs` in `SessionSettingsArgs`). Each
 * kind of `KIND_NAMES` has its `…Args`: a kind without one fails to compile.
 */
export const PUBLIC_ARGS: Readonly<Record<`${KindName}Args`, ArgsSpec> & Record<string, ArgsSpec>> = {
  AppArgs: {
    shapes: ["s.appWritableShape", "s.appCreateOnlyShape", "s.impactAcceptanceShape"],
    extends: "AdoptionArgs",
    doc: "The writable fields of an app (spec 2.6), and adoption options.",
  },
  RequestCatalogArgs: {
    shapes: ["s.catalogWritableShape", "s.catalogBindingsShape", "s.impactAcceptanceShape"],
    extends: "AdoptionArgs",
    doc: "The writable fields of a request catalog (spec 2.4), its bundled entitlements, and adoption options.",
  },
  OidcClientArgs: {
    shapes: ["s.oidcClientShape"],
    doc: "An OIDC client registered with the provider.",
  },
  OidcProviderArgs: {
    shapes: ["s.providerShapes.oidc"],
    doc: "The generic OIDC provider member.",
  },
  AuthConfigArgs: {
    shapes: ["s.authConfigControlShape", "s.authConfigWritableShape"],
    doc: "The writable fields of an auth config (spec 2.3): exactly one provider member, and adoption.",
  },
  AutomationStepArgs: {
    shapes: ["s.automationStepShape"],
    doc:
      "One step of an automation: a name, and exactly one member of the `kind` oneof (`sendEmail`, `webhook`,\n" +
      "`createAccessReview`, …) whose inner shape is carried through untouched.",
  },
  AutomationArgs: {
    shapes: ["s.automationWritableShape"],
    extends: "AdoptionArgs",
    doc: "The writable fields of an automation (spec 2.2), and adoption options.",
  },
  AppResourceArgs: {
    shapes: [
      "s.appResourcePlacementShape",
      "s.appResourceWritableShape",
      "s.appResourceCreateOnlyShape",
      "s.impactAcceptanceShape",
    ],
    extends: "AdoptionArgs",
    doc: "The writable fields of a manually managed app resource (spec 2.8), and adoption options.",
  },
  SsoSettingsArgs: {
    shapes: ["s.ssoWritableShape"],
    extends: "RestoreArgs",
    doc: "The SSO settings a program manages (the editable paths of spec 2.11); fields left out are left as they are.",
  },
  XaaSettingsArgs: {
    shapes: ["s.xaaWritableShape"],
    extends: "RestoreArgs",
    doc: "The cross-app-access settings a program manages (spec 2.11); fields left out are left as they are.",
  },
  SourceRestrictionArgs: {
    shapes: ["s.sourceRestrictionWritableShape"],
    doc: "An address allowlist for one role: whether it is enforced, and the CIDR ranges (IPv4 or IPv6) it allows.",
  },
  SessionSettingsArgs: {
    shapes: ["s.sessionWritableShape"],
    extends: "RestoreArgs",
    doc: "The session settings a program manages (spec 2.11); fields left out are left as they are.",
  },
  ...ACCESS_REVIEW_SCOPE_ARGS,
};

/** The enumeration types of `resources/enums.ts`, by their members (sorted, joined with `|`). */
export function enumTypeNames(program: ts.Program, checker: ts.TypeChecker): Map<string, string> {
  const file = program.getSourceFile(path.join(ROOT, "resources", "enums.ts"));
  const module = file && checker.getSymbolAtLocation(file);
  if (!module) throw new Error("resources/enums.ts did not load");
  const names = new Map<string, string>();
  for (const symbol of checker.getExportsOfModule(module)) {
    if (!(symbol.flags & ts.SymbolFlags.TypeAlias)) continue;
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const members = type.isUnion() ? type.types : [type];
    if (!members.every((member) => member.isStringLiteral())) continue;
    names.set(
      members
        .map((member) => (member as ts.StringLiteralType).value)
        .sort()
        .join("|"),
      symbol.name,
    );
  }
  return names;
}

/** The TSDoc of a symbol, as a comment block indented by `indent`; empty when it has none. */
function docComment(checker: ts.TypeChecker, symbol: ts.Symbol, indent: string): string[] {
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker));
  const tags = symbol
    .getJsDocTags(checker)
    .map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`.trim());
  const lines = [...(text === "" ? [] : text.split("\n")), ...tags.flatMap((tag) => tag.split("\n"))];
  if (lines.length === 0) return [];
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [`${indent}/**`, ...lines.map((line) => `${indent} * ${line}`.trimEnd()), `${indent} */`];
}

/** The interface of one kind's Args, its members in the order of its shapes. */
function argsInterface(
  checker: ts.TypeChecker,
  writer: InputWriter,
  source: ts.SourceFile,
  name: string,
): string[] {
  const spec = PUBLIC_ARGS[name]!;
  const heritage = spec.extends === undefined ? "" : ` extends ${spec.extends}`;
  const doc = spec.doc.split("\n");
  const comment =
    doc.length === 1 ? [`/** ${doc[0]} */`] : ["/**", ...doc.map((line) => ` * ${line}`), " */"];
  const lines = [...comment, `export interface ${name}${heritage} {`];
  const members: string[] = [];
  const written = new Set<string>();
  spec.shapes.forEach((_shape, index) => {
    const alias = (suffix: string) =>
      source.statements.find(
        (statement): statement is ts.TypeAliasDeclaration =>
          ts.isTypeAliasDeclaration(statement) && statement.name.text === `${name}__${suffix}${index}`,
      )!;
    const shapeType = checker.getTypeAtLocation(alias("shape").type);
    const inputType = checker.getTypeAtLocation(alias("input").type);
    for (const property of checker.getPropertiesOfType(shapeType)) {
      // A field of an earlier shape stands: a placement shape makes required what the writable one leaves optional.
      if (written.has(property.name)) continue;
      written.add(property.name);
      const input = checker.getPropertyOfType(inputType, property.name)!;
      const member = writer.member(input, checker.getTypeOfSymbol(input), 0);
      members.push(member);
      lines.push(...docComment(checker, property, "  "), `  ${member}`);
    }
  });
  writer.named.set(`{ ${members.join(" ")} }`, name);
  lines.push("}", "");
  return lines;
}

/** A writer of plain values that names each public type where an output holds it whole (`User`, not its members). */
function outputsWriter(checker: ts.TypeChecker, inputs: InputWriter, source: ts.SourceFile): InputWriter {
  const writer = new InputWriter(checker, inputs.enums, false);
  for (const statement of source.statements) {
    if (!ts.isTypeAliasDeclaration(statement) || !Object.hasOwn(PUBLIC_TYPES, statement.name.text)) continue;
    writer.named.set(writer.write(checker.getTypeAtLocation(statement.type), 0), statement.name.text);
  }
  return writer;
}

/** The text of `resources/types.ts`, before formatting. */
export function publicTypesSource(): string {
  const entry = path.join(ROOT, "__public_types__.ts");
  const entryText = [
    'import type { z } from "zod";',
    'import type * as s from "./provider/schemas";',
    'import type * as o from "./provider/lookups/owners";',
    'import type * as enums from "./resources/enums";',
    ...Object.entries(PUBLIC_TYPES).map(([name, source]) => `export type ${name} = ${source};`),
    ...Object.entries(NESTED_TYPES).map(([name, nested]) => `export type ${name} = ${nested.type};`),
    ...outputsEntryLines(),
    ...Object.entries(PUBLIC_ARGS).flatMap(([name, spec]) =>
      spec.shapes.flatMap((shape, index) => [
        `export type ${name}__shape${index} = typeof ${shape};`,
        `export type ${name}__input${index} = { [K in keyof typeof ${shape}]: z.input<(typeof ${shape})[K]> };`,
      ]),
    ),
    "export type Enums = typeof enums;",
  ].join("\n");
  const options: ts.CompilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (path.resolve(file) === entry ? entryText : readFile(file));
  host.fileExists = (
    (exists) => (file: string) =>
      path.resolve(file) === entry || exists(file)
  )(host.fileExists.bind(host));
  host.getSourceFile = (file, language, onError) =>
    path.resolve(file) === entry
      ? ts.createSourceFile(file, entryText, language, true)
      : getSourceFile(file, language, onError);
  const program = ts.createProgram([entry], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  if (!source) throw new Error("the public-types entry did not load");
  const out = [
    "// Generated by `npm run gen:types` (scripts/publicTypes.ts) from the zod schemas in provider/schemas: do not edit.",
    "// Plain types, so the published declarations never import zod.",
    "",
  ];
  const publicTypes = source.statements.filter(
    (statement): statement is ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(statement) &&
      (Object.hasOwn(PUBLIC_TYPES, statement.name.text) || Object.hasOwn(NESTED_TYPES, statement.name.text)),
  );
  const expander = new TypeExpander(checker);
  for (const statement of publicTypes)
    expander.name(statement.name.text, checker.getTypeAtLocation(statement.type));
  for (const statement of publicTypes) {
    const name = statement.name.text;
    const aliased = statement.type;
    const type = checker.getTypeAtLocation(aliased);
    const typeName = ts.isTypeReferenceNode(aliased) ? aliased.typeName : undefined;
    const target =
      typeName && checker.getSymbolAtLocation(ts.isQualifiedName(typeName) ? typeName.right : typeName);
    const doc = Object.hasOwn(NESTED_TYPES, name)
      ? NESTED_TYPES[name]!.doc
      : target && ts.displayPartsToString(target.getDocumentationComment(checker));
    out.push(`/** ${doc || `The ${name} shape the service answers.`} */`);
    const base = Object.hasOwn(NESTED_TYPES, name) ? NESTED_TYPES[name]!.extends : undefined;
    if (base === undefined) {
      out.push(`export type ${name} = ${expander.expand(type)};`, "");
      continue;
    }
    const baseType = checker.getTypeAtLocation(publicTypes.find((alias) => alias.name.text === base)!.type);
    out.push(`export interface ${name} extends ${base} { ${expander.added(type, baseType).join(" ")} }`, "");
  }
  const writer = new InputWriter(checker, enumTypeNames(program, checker));
  const args = Object.keys(PUBLIC_ARGS).flatMap((name) => argsInterface(checker, writer, source, name));
  const outputs = outputsWriter(checker, writer, source);
  const outputInterfaces = (Object.keys(PUBLIC_OUTPUTS) as OutputsName[]).flatMap((name) =>
    outputsInterface(checker, outputs, source, name, (symbol) => docComment(checker, symbol, "  ")),
  );
  const enumsUsed = new Set([...writer.enumsUsed, ...outputs.enumsUsed]);
  const extended = [...new Set(Object.values(PUBLIC_ARGS).flatMap((spec) => spec.extends ?? []))].sort();
  out.splice(
    2,
    0,
    'import type * as pulumi from "@pulumi/pulumi";',
    `import type { ${extended.join(", ")} } from "./dynamic/controls";`,
    `import type { ${[...enumsUsed].sort().join(", ")} } from "./enums";`,
    "",
    "type In<T> = pulumi.Input<T>;",
    "",
    "/** A resource's outputs: each member of `T`, as a `pulumi.Output` of its value. */",
    "export type Outputs<T> = { readonly [Name in keyof T]: pulumi.Output<T[Name]> };",
    "",
  );
  out.push(...args, ...outputInterfaces);
  return out.join("\n");
}

if (require.main === module) {
  writeFileSync(TYPES_FILE, publicTypesSource());
  process.stdout.write(`wrote ${path.relative(ROOT, TYPES_FILE)}\n`);
}
