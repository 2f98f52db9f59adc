/**
 * Answers built from the service's own document (`wire-schemas.json`), written the two ways an unset field can reach
 * a client (reference 1.1): as the service writes it (protojson EmitUnpopulated: every non-oneof field present, `null`
 * for an unset message-typed field, zero scalars) or left out. Independent of the package's schemas on purpose.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A node of `wire-schemas.json` (guide: wire-schemas.md section 1). */
export interface WireNode {
  $ref?: string;
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  properties?: Record<string, WireNode>;
  required?: string[];
  additionalProperties?: WireNode;
  oneofs?: { name: string; members: string[] }[];
  items?: WireNode;
  enum?: string[];
  format?: string;
  nullable?: boolean;
  readOnly?: boolean;
  deprecated?: boolean;
}

/** One operation of the document. */
export interface WireOperation {
  method: "GET" | "POST" | "DELETE";
  path: string;
  params?: { in: "path" | "query"; name: string; required?: boolean; type: string; format?: string }[];
  request?: WireNode;
  response?: WireNode;
}

/** The document itself. */
export interface WireDocument {
  operations: Record<string, WireOperation>;
  schemas: Record<string, WireNode>;
}

/** The verbatim copy kept beside the emulator's model. */
export const wire: WireDocument = JSON.parse(
  readFileSync(join(__dirname, "../../emulator/model/wire-schemas.json"), "utf8"),
) as WireDocument;

/** How an unset field is written: as the service writes it, or left out. */
export type Form = "emitUnpopulated" | "omitUnset";
export const FORMS: readonly Form[] = ["emitUnpopulated", "omitUnset"];

/** How much of an answer is set (see {@link BuildOptions.shape}). */
export type Shape = "full" | "sparse" | "empty";
export const SHAPES: readonly Shape[] = ["full", "sparse", "empty"];

/** What to build. */
export interface BuildOptions {
  form: Form;
  /**
   * `full`: every field set, one member of each oneof group, one item in each list. `sparse`: the same messages,
   * lists and oneof members, with every scalar, timestamp, duration, mask, struct and map unset. `empty`: the answer's
   * objects with every field unset.
   */
  shape: Shape;
  /** Which member of each oneof group is set: the `variant`-th, wrapping round. @default 0 */
  variant?: number;
  /** Levels of nested messages built below the answer's root; deeper ones are unset. @default 5, or 1 when empty */
  depth?: number;
  /** Leave out the fields the document marks deprecated, as a program following the document does. @default false */
  skipDeprecated?: boolean;
  /** Values to use at given dotted paths instead of generated ones (ids the test must know). */
  fixed?: Record<string, unknown>;
}

/** The schema a node names, following `$ref`. */
export function resolve(node: WireNode): WireNode {
  if (node.$ref === undefined) return node;
  const name = node.$ref.replace("#/schemas/", "");
  const target = wire.schemas[name];
  if (target === undefined) throw new Error(`unresolved ${node.$ref}`);
  return target;
}

function isMessage(node: WireNode): boolean {
  const target = resolve(node);
  return target.type === "object" && target.additionalProperties === undefined;
}

/** How the service writes a field that is not set (reference 1.1). */
export function unsetValue(node: WireNode): unknown {
  const target = resolve(node);
  if (target.type === "array") return [];
  if (target.type === "object" && target.additionalProperties !== undefined) return {};
  if (node.nullable === true || target.nullable === true || isMessage(node)) return null;
  if (target.type === undefined) return null;
  if (target.enum !== undefined) return target.enum[0];
  if (target.format === "int64") return "0";
  if (target.type === "string") return "";
  if (target.type === "boolean") return false;
  return 0;
}

/** Strings whose form the document does not state but the service's rules fix (spec 2.11: CIDR ranges). */
const STRING_SAMPLES: Readonly<Record<string, string>> = { sourceCidr: "10.0.0.0/8" };

function fieldName(path: string): string {
  return (
    path
      .split(".")
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? "value"
  );
}

function scalarValue(node: WireNode, path: string): unknown {
  if (node.enum !== undefined) return node.enum[Math.min(1, node.enum.length - 1)];
  switch (node.format) {
    case "date-time":
      return "2026-11-21T14:00:00Z";
    case "duration":
      return "3600s";
    case "int64":
      return "42";
    case "field-mask":
      return "displayName,description";
    case "base64":
      return "c2VjcmV0";
    case "int32":
    case "uint32":
      return 7;
  }
  if (node.type === "integer") return 7;
  if (node.type === "number") return 0.75;
  if (node.type === "boolean") return true;
  return STRING_SAMPLES[fieldName(path)] ?? `${fieldName(path)}-1`;
}

/** Counts the fields written into answers, for the closing figures. */
export interface FieldCount {
  fields: number;
}

function maxDepth(options: BuildOptions): number {
  return options.depth ?? (options.shape === "empty" ? 1 : 5);
}

/** Builds the value of `node` at `path`. */
export function buildValue(node: WireNode, options: BuildOptions, path = "", count?: FieldCount): unknown {
  const fixed = options.fixed?.[path];
  if (fixed !== undefined) return fixed;
  const target = resolve(node);
  const depth = path === "" ? 0 : path.split(".").length;
  if (target.type === "array") {
    if (options.shape === "empty" || target.items === undefined) return [];
    if (isMessage(target.items) && depth + 1 > maxDepth(options)) return [];
    return [buildValue(target.items, options, `${path}.0`.replace(/^\./, ""), count)];
  }
  if (target.type === "object") {
    const leaves = options.shape === "full";
    if (target.format === "struct") return leaves ? { note: "kept as written", n: 1 } : null;
    if (target.additionalProperties !== undefined) {
      return leaves ? { team: String(scalarValue(resolve(target.additionalProperties), "v")) } : {};
    }
    if (depth > maxDepth(options)) return null;
    return buildObject(target, options, path, count);
  }
  if (target.type === undefined) return options.shape === "full" ? "any" : null;
  return options.shape === "full" ? scalarValue(target, path) : unsetValue(node);
}

function buildObject(target: WireNode, options: BuildOptions, path: string, count?: FieldCount) {
  const chosen = new Set(
    (target.oneofs ?? []).map((group) => group.members[(options.variant ?? 0) % group.members.length]),
  );
  const inOneof = new Set((target.oneofs ?? []).flatMap((group) => group.members));
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(target.properties ?? {})) {
    const fieldPath = path === "" ? name : `${path}.${name}`;
    if (inOneof.has(name) && !(options.shape !== "empty" && chosen.has(name))) continue;
    if (options.skipDeprecated === true && field.deprecated === true) continue;
    const value = buildValue(field, options, fieldPath, count);
    if (options.form === "omitUnset" && isUnsetAnswerValue(field, value)) continue;
    out[name] = value;
    if (count) count.fields += 1;
  }
  return out;
}

function isUnsetAnswerValue(node: WireNode, value: unknown): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object")
    return resolve(node).additionalProperties !== undefined && Object.keys(value as object).length === 0;
  return value === unsetValue(node);
}

/** The answer of an operation. */
export function buildAnswer(
  operation: string,
  options: BuildOptions,
  count?: FieldCount,
): Record<string, unknown> {
  const op = wire.operations[operation];
  if (op?.response === undefined) throw new Error(`no answer for ${operation}`);
  return buildValue(op.response, options, "", count) as Record<string, unknown>;
}

/** The most members any oneof group reached from `node` holds: how many variants cover every member. */
export function variantsOf(node: WireNode, seen = new Set<string>()): number {
  if (node.$ref !== undefined) {
    if (seen.has(node.$ref)) return 1;
    seen.add(node.$ref);
  }
  const target = resolve(node);
  let most = Math.max(1, ...(target.oneofs ?? []).map((group) => group.members.length));
  for (const child of [...Object.values(target.properties ?? {}), target.items].filter(Boolean)) {
    most = Math.max(most, variantsOf(child as WireNode, seen));
  }
  return most;
}
