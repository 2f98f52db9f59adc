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
import { MAX_DEPTH, propertyName, TypeExpander } from "./expandTypes";
import { outputsEntryLines, outputsInterface, PUBLIC_OUTPUTS } from "./publicOutputs";

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

/**
 * Shapes nested in more than one place of the public types, named so that each is written out once: each with its
 * schema type (over `s`) and its TSDoc.
 */
const NESTED_TYPES: Readonly<Record<string, { readonly type: string; readonly doc: string }>> = {
  AppEntitlement: {
    type: "s.AppEntitlement",
    doc: "An app entitlement as the service answers it (spec 2.5).",
  },
  ProvisionerPolicy: {
    type: "s.ProvisionerPolicy",
    doc: "How an entitlement is provisioned or deprovisioned (spec 2.5): at most one member set.",
  },
  ManualAssignee: {
    type: "z.infer<typeof s.manualAssigneeSchema>",
    doc: "Who a manual provisioning task goes to (spec 2.5): at most one member set.",
  },
  ManualAssigneeFallback: {
    type: 'NonNullable<z.infer<typeof s.manualAssigneeSchema>["appOwners"]>',
    doc: "Whether a manual assignee may reassign the task, and who takes it when nobody else can.",
  },
  NotificationCategory: {
    type: "z.infer<typeof s.notificationCategorySchema>",
    doc: "One category of one notification channel: whether it is enabled, and whether the user may change it.",
  },
  NotificationDigest: {
    type: 'NonNullable<z.infer<typeof s.emailChannelSchema>["digest"]>',
    doc: "The digest of one notification channel: whether it is enabled, and how often it is sent.",
  },
  ChatNotificationChannel: {
    type: "z.infer<typeof s.chatChannelSchema>",
    doc: "A chat channel of the notification settings: the email channel's members plus `isConfigured`.",
  },
  Outcome: {
    type: "s.Outcome",
    doc: "What a session policy decides (spec 2.12): at most one member set.",
  },
  AuthConfigDomainProvider: {
    type: 'NonNullable<s.AuthConfig["providerDomainA"]>',
    doc: "A provider member of an auth config chosen by domain (`providerDomainA`, `providerDomainB`), with its client.",
  },
  UserAttributeSource: {
    type: "s.UserAttributeSource",
    doc: "Where one attribute of a user comes from: the app, its user and the mapping that set it.",
  },
  RoleMiningEntitlement: {
    type: "s.RoleMiningEntitlement",
    doc: "An entitlement a role-mining suggestion names, with the display names of its app and resource.",
  },
};

/** One Args interface: the shapes it is expanded from (over `s`), the options interface it extends, its TSDoc. */
interface ArgsSpec {
  readonly shapes: readonly string[];
  readonly extends?: string;
  readonly doc: string;
}

/** The Args of AccessReviewScope: its campaign scope and grants criteria first, so that its Args names them. */
const ACCESS_REVIEW_SCOPE_ARGS: Readonly<Record<string, ArgsSpec>> = {
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
 * another names its shape wherever the later one holds it (`SourceRestrictionArgs` in `SessionSettingsArgs`).
 */
const PUBLIC_ARGS: Readonly<Record<string, ArgsSpec>> = {
  AppArgs: {
    shapes: ["s.appWritableShape", "s.appCreateOnlyShape"],
    extends: "AdoptionArgs",
    doc: "The writable fields of an app (spec 2.6), and adoption options.",
  },
  RequestCatalogArgs: {
    shapes: ["s.catalogWritableShape", "s.catalogBindingsShape"],
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
    shapes: ["s.appResourcePlacementShape", "s.appResourceWritableShape", "s.appResourceCreateOnlyShape"],
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
function enumTypeNames(program: ts.Program, checker: ts.TypeChecker): Map<string, string> {
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
    'import type * as o from "./resources/lookups/owners";',
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
    out.push(`export type ${name} = ${expander.expand(type)};`, "");
  }
  const writer = new InputWriter(checker, enumTypeNames(program, checker));
  const args = Object.keys(PUBLIC_ARGS).flatMap((name) => argsInterface(checker, writer, source, name));
  const outputs = outputsWriter(checker, writer, source);
  const outputInterfaces = Object.keys(PUBLIC_OUTPUTS).flatMap((name) =>
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
