import type { FieldSpec } from "./fields";

/**
 * How each field a program writes compares: one entry per member of the kind's writable shapes, so a field added to
 * a shape without its comparison, or a comparison of no field, fails to compile (`satisfies Comparisons<Shape>`).
 * `annotations` is left out: the engine stamps and compares it itself.
 */
export type Comparisons<Shape> = { readonly [Name in Exclude<keyof Shape, "annotations">]: FieldSpec };

/**
 * `true` when every writable field is one the service answers, else the fields missing from the response shape; with
 * {@link Assert}, a writable field the response shape lacks fails to compile, naming it.
 */
export type Answered<Writable, Response> = [Exclude<keyof Writable, keyof Response>] extends [never]
  ? true
  : { missingFromResponse: Exclude<keyof Writable, keyof Response> };

/** Compiles only when `Check` is `true`: `type AppFieldsAnswered = Assert<Answered<Writable, Response>>`. */
export type Assert<Check extends true> = Check;

/**
 * The outputs a resource of a kind exposes: every field it manages, then every field the service answers except
 * `id` (the resource's id) and `deletedAt` (a deleted object reads as gone).
 */
export function outputNames<Managed extends object, Response extends object>(
  managed: Managed,
  response: Response,
): readonly OutputName<Managed, Response>[] {
  const names = new Set([...Object.keys(managed), ...Object.keys(response)]);
  names.delete("id");
  names.delete("deletedAt");
  return [...names] as OutputName<Managed, Response>[];
}

/** The names {@link outputNames} gives, as a type. */
export type OutputName<Managed, Response> = Exclude<keyof Managed | keyof Response, "id" | "deletedAt">;

/**
 * `true` when the outputs a kind gives at run time are the members of its typed outputs (`AppOutputs`), else the
 * names each side lacks; with {@link Assert}, an output missing from either fails to compile, naming it.
 */
export type SameNames<Runtime extends PropertyKey, Typed extends PropertyKey> = [
  Exclude<Runtime, Typed> | Exclude<Typed, Runtime>,
] extends [never]
  ? true
  : { untyped: Exclude<Runtime, Typed>; notAtRunTime: Exclude<Typed, Runtime> };

/**
 * The dotted paths of the fields of a nested object type (`"grantsByCriteria.daysSinceAdded"`), lists taken whole: a
 * table keyed `satisfies Partial<Record<FieldPaths<Shape>, …>>` names only fields that exist, so removing or renaming
 * one fails to compile.
 */
export type FieldPaths<Shape> = Shape extends readonly unknown[]
  ? never
  : Shape extends object
    ? {
        [Name in keyof Shape & string]-?: Name | `${Name}.${FieldPaths<NonNullable<Shape[Name]>>}`;
      }[keyof Shape & string]
    : never;
