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
  Automation: "s.Automation",
  AppResource: "s.AppResource",
  App: "s.App",
  AppResourceView: "s.AppResourceView",
  AuthConfig: "s.AuthConfig",
  RequestCatalogView: "s.RequestCatalogView",
  RequestCatalog: "z.infer<typeof s.requestCatalogSchema>",
  AccessReviewEntitlement: "s.AccessReviewEntitlement",
  ScopeV2: "s.ScopeV2",
  EntitlementOwnerRow: "z.infer<typeof o.entitlementOwnerRowSchema>",
};

const MAX_DEPTH = 16;

function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

/** The type written out structurally: no alias of zod's is left in it. */
function expand(checker: ts.TypeChecker, type: ts.Type, depth: number): string {
  if (depth > MAX_DEPTH)
    throw new Error(`type nested deeper than ${MAX_DEPTH}: ${checker.typeToString(type)}`);
  if (type.isUnion()) {
    const parts = type.types.map((member) => expand(checker, member, depth + 1));
    const bools = parts.includes("true") && parts.includes("false");
    const merged = bools ? ["boolean", ...parts.filter((p) => p !== "true" && p !== "false")] : parts;
    const last = (part: string) => (part === "undefined" ? 2 : part === "null" ? 1 : 0);
    merged.sort((a, b) => last(a) - last(b));
    return merged.map((part) => (part.includes("=>") ? `(${part})` : part)).join(" | ");
  }
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    const inner = element ? expand(checker, element, depth + 1) : "unknown";
    return /[|&]/.test(inner) ? `(${inner})[]` : `${inner}[]`;
  }
  if (!(type.flags & ts.TypeFlags.Object) && !type.isIntersection()) return checker.typeToString(type);
  const members: string[] = [];
  for (const info of checker.getIndexInfosOfType(type)) {
    members.push(`[key: ${checker.typeToString(info.keyType)}]: ${expand(checker, info.type, depth + 1)};`);
  }
  for (const property of checker.getPropertiesOfType(type)) {
    const optional = property.flags & ts.SymbolFlags.Optional ? "?" : "";
    const propertyType = checker.getTypeOfSymbol(property);
    members.push(`${propertyName(property.name)}${optional}: ${expand(checker, propertyType, depth + 1)};`);
  }
  return `{ ${members.join(" ")} }`;
}

/** The text of `resources/types.ts`, before formatting. */
export function publicTypesSource(): string {
  const entry = path.join(ROOT, "__public_types__.ts");
  const entryText = [
    'import type { z } from "zod";',
    'import type * as s from "./provider/schemas";',
    'import type * as o from "./resources/lookups/owners";',
    ...Object.entries(PUBLIC_TYPES).map(([name, source]) => `export type ${name} = ${source};`),
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
  for (const statement of source.statements) {
    if (!ts.isTypeAliasDeclaration(statement)) continue;
    const name = statement.name.text;
    const aliased = statement.type;
    const type = checker.getTypeAtLocation(aliased);
    const typeName = ts.isTypeReferenceNode(aliased) ? aliased.typeName : undefined;
    const target =
      typeName && checker.getSymbolAtLocation(ts.isQualifiedName(typeName) ? typeName.right : typeName);
    const doc = target ? ts.displayPartsToString(target.getDocumentationComment(checker)) : "";
    out.push(`/** ${doc || `The ${name} shape the service answers.`} */`);
    out.push(`export type ${name} = ${expand(checker, type, 0)};`, "");
  }
  return out.join("\n");
}

if (require.main === module) {
  writeFileSync(TYPES_FILE, publicTypesSource());
  process.stdout.write(`wrote ${path.relative(ROOT, TYPES_FILE)}\n`);
}
