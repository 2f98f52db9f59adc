/**
 * The `…Outputs` interfaces of `resources/types.ts`: what each kind's resource exposes, derived from the same shapes
 * as its Args and as `outputNames` at run time. The class takes them by declaration merging
 * (`export interface App extends Outputs<AppOutputs> {}`), so no output is written by hand.
 */
import * as ts from "typescript";
import type { KindName } from "../provider/kinds/names";
import type { InputWriter } from "./inputWriter";

/** One kind's outputs: the shapes (over `s`) of what its program manages and of what the service answers. */
export interface OutputsSpec {
  /** The shapes of the managed fields: the keys of the kind's comparisons (`annotations` aside). */
  readonly managed: readonly string[];
  /** The shapes of what the service answers, plus anything answered once (the second argument of `outputNames`). */
  readonly answered: readonly string[];
  /** Outputs every object has, typed without `undefined`: the create requires them, or the engine stamps them. */
  readonly present?: readonly string[];
  /** Fields whose output is the program's value when it sets one (the kind's `sideFields`): typed as it writes them. */
  readonly sides?: readonly string[];
  /** Members never kept in outputs, at any depth: the write-only secrets (`writeOnlySecret` comparisons). */
  readonly withheld?: readonly string[];
  readonly doc: string;
}

/** The name of a kind's outputs interface: `AppOutputs`. */
export type OutputsName = `${KindName}Outputs`;

/** Every kind of the registry's list (`KIND_NAMES`), by the name of its outputs interface: one each, no other. */
export const PUBLIC_OUTPUTS: Readonly<Record<OutputsName, OutputsSpec>> = {
  AppOutputs: {
    managed: ["s.appWritableShape", "s.appCreateOnlyShape"],
    answered: ["s.appResponseShape"],
    present: ["displayName", "annotations"],
    doc: "The outputs of an `App`: the fields it manages and every field the service answers.",
  },
  RequestCatalogOutputs: {
    managed: ["s.catalogWritableShape", "s.catalogBindingsShape"],
    answered: ["s.catalogResponseShape", "s.catalogViewExtrasShape"],
    present: ["displayName", "annotations"],
    sides: ["accessEntitlements"],
    doc: "The outputs of a `RequestCatalog`: the fields it manages and every field the service answers.",
  },
  AutomationOutputs: {
    managed: ["s.automationWritableShape"],
    answered: ["s.automationResponseShape", "s.automationOnceShape"],
    present: ["displayName", "annotations"],
    doc: "The outputs of an `Automation`: the fields it manages, every field the service answers, and its webhook.",
  },
  SsoSettingsOutputs: {
    managed: ["s.ssoWritableShape"],
    answered: ["s.ssoResponseShape"],
    doc: "The outputs of `SsoSettings`: the settings as the service answers them.",
  },
  XaaSettingsOutputs: {
    managed: ["s.xaaWritableShape"],
    answered: ["s.xaaResponseShape"],
    doc: "The outputs of `XaaSettings`: the settings as the service answers them.",
  },
  SessionSettingsOutputs: {
    managed: ["s.sessionWritableShape"],
    answered: ["s.sessionResponseShape"],
    doc: "The outputs of `SessionSettings`: the settings as the service answers them.",
  },
  AuthConfigOutputs: {
    managed: ["s.authConfigWritableShape"],
    answered: ["s.authConfigResponseShape"],
    present: ["displayName"],
    withheld: ["oidcClientSecret"],
    doc: "The outputs of an `AuthConfig`: the fields it manages and every field the service answers; never a secret.",
  },
  AppResourceOutputs: {
    managed: ["s.appResourcePlacementShape", "s.appResourceWritableShape", "s.appResourceCreateOnlyShape"],
    answered: ["s.appResourceResponseShape"],
    present: ["displayName", "annotations"],
    doc: "The outputs of an `AppResource`: the fields it manages and every field the service answers.",
  },
  AccessReviewScopeOutputs: {
    managed: ["s.accessReviewScopeWritableShape"],
    answered: ["s.accessReviewScopeReadShape"],
    present: ["scopeV2", "entitlements", "accessReviewEntitlements"],
    doc: "The outputs of an `AccessReviewScope`: its campaign, the scope and selection as read, and the stored entries.",
  },
};

/** Fields the service answers that are no output: the resource's id, and `deletedAt` (a deleted object is gone). */
const NOT_OUTPUTS = new Set(["id", "deletedAt"]);

/** The aliases of the public-types entry file the outputs interfaces are read from. */
export function outputsEntryLines(): string[] {
  const aliases = (name: string, role: string, shapes: readonly string[]) =>
    shapes.flatMap((shape, index) => [
      `export type ${name}__${role}${index} = typeof ${shape};`,
      `export type ${name}__${role}out${index} = { [K in keyof typeof ${shape}]: z.output<(typeof ${shape})[K]> };`,
    ]);
  return Object.entries(PUBLIC_OUTPUTS).flatMap(([name, spec]) => [
    ...aliases(name, "managed", spec.managed),
    ...aliases(name, "answered", spec.answered),
  ]);
}

/** A shape of the entry file: its members (for their TSDoc) and their parsed types. */
interface Shape {
  readonly declared: ts.Type;
  readonly parsed: ts.Type;
}

function shapesOf(checker: ts.TypeChecker, source: ts.SourceFile, name: string, role: string, count: number) {
  const alias = (suffix: string) =>
    source.statements.find(
      (statement): statement is ts.TypeAliasDeclaration =>
        ts.isTypeAliasDeclaration(statement) && statement.name.text === `${name}__${suffix}`,
    )!;
  return Array.from({ length: count }, (_, index): Shape => ({
    declared: checker.getTypeAtLocation(alias(`${role}${index}`).type),
    parsed: checker.getTypeAtLocation(alias(`${role}out${index}`).type),
  }));
}

/** The first of `shapes` that holds `field`: its declared member and its parsed type. */
function memberOf(checker: ts.TypeChecker, shapes: readonly Shape[], field: string) {
  for (const shape of shapes) {
    const declared = checker.getPropertyOfType(shape.declared, field);
    const parsed = checker.getPropertyOfType(shape.parsed, field);
    if (declared && parsed) return { declared, type: checker.getTypeOfSymbol(parsed) };
  }
  return undefined;
}

/** Whether a value of `type` may be `undefined`: an optional member. */
function admitsUndefined(type: ts.Type): boolean {
  return (type.isUnion() ? type.types : [type]).some((member) => member.flags & ts.TypeFlags.Undefined);
}

/** Whether `type` is an enumeration of a program's input: string members, with `Unlisted`, and `undefined`. */
function isEnumeration(type: ts.Type | undefined): boolean {
  if (type === undefined) return false;
  const members = type.isUnion() ? type.types : [type];
  const literals = members.filter((member) => member.isStringLiteral());
  return (
    literals.length > 0 &&
    members.every(
      (member) =>
        member.isStringLiteral() ||
        member.flags & ts.TypeFlags.Undefined ||
        member.aliasSymbol?.name === "Unlisted",
    )
  );
}

/**
 * The interface of one kind's outputs: its managed fields, then the fields the service answers, as `outputNames`
 * lists them. A field takes the type the service answers, except an enumeration the program writes, which keeps its
 * members; its TSDoc is the answered member's, else the managed one's.
 */
export function outputsInterface(
  checker: ts.TypeChecker,
  writer: InputWriter,
  source: ts.SourceFile,
  name: OutputsName,
  docComment: (symbol: ts.Symbol) => string[],
): string[] {
  const spec = PUBLIC_OUTPUTS[name];
  const managed = shapesOf(checker, source, name, "managed", spec.managed.length);
  const answered = shapesOf(checker, source, name, "answered", spec.answered.length);
  const fields = new Set(
    [...managed, ...answered].flatMap((shape) =>
      checker.getPropertiesOfType(shape.declared).map((property) => property.name),
    ),
  );
  const lines = [`/** ${spec.doc} */`, `export interface ${name} {`];
  writer.withheld = new Set(spec.withheld);
  for (const field of fields) {
    if (NOT_OUTPUTS.has(field)) continue;
    const own = memberOf(checker, managed, field);
    const live = memberOf(checker, answered, field);
    const programs = !live || isEnumeration(own?.type) || spec.sides?.includes(field);
    const chosen = own && programs ? own : live!;
    const liveDoc = live ? docComment(live.declared) : [];
    const present = spec.present?.includes(field) || (own !== undefined && !admitsUndefined(own.type));
    const text = writer.write(chosen.type, 0);
    lines.push(...(liveDoc.length > 0 ? liveDoc : own ? docComment(own.declared) : []));
    lines.push(`  ${field}: ${present ? text : `${text} | undefined`};`);
  }
  writer.withheld = new Set();
  lines.push("}", "");
  return lines;
}
