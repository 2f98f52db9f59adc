/**
 * Checks a request body the package sent against the document's request schema: only listed fields, none read-only
 * or deprecated, the required ones present, at most one member per oneof group, values of the declared JSON type,
 * integer range and format, enum members the document lists.
 */
import { resolve, type WireNode } from "./wireAnswers";

const INT_RANGES: Readonly<Record<string, [number, number]>> = {
  int32: [-2_147_483_648, 2_147_483_647],
  uint32: [0, 4_294_967_295],
};

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function scalarIssue(node: WireNode, value: unknown): string | undefined {
  if (node.type === "boolean") return typeof value === "boolean" ? undefined : "is not a boolean";
  if (node.type === "integer") {
    const [low, high] = INT_RANGES[node.format ?? "int32"] ?? INT_RANGES.int32!;
    if (typeof value !== "number" || !Number.isInteger(value)) return `is not an integer (${node.format})`;
    return value < low || value > high ? `is outside the ${node.format} range` : undefined;
  }
  if (node.type === "number") return typeof value === "number" ? undefined : "is not a number";
  if (typeof value !== "string") return "is not a string";
  if (node.enum !== undefined && !node.enum.includes(value)) return `is not a listed member (${value})`;
  if (node.format === "int64" && !/^-?\d+$/.test(value)) return "is not an int64 digit string";
  if (node.format === "duration" && !/^-?\d+(\.\d{1,9})?s$/.test(value))
    return "is not a duration like 3600s";
  if (node.format === "date-time" && Number.isNaN(Date.parse(value))) return "is not an RFC 3339 timestamp";
  return undefined;
}

function objectIssues(target: WireNode, value: Record<string, unknown>, path: string): string[] {
  const at = (name: string) => (path === "" ? name : `${path}.${name}`);
  const properties = target.properties ?? {};
  const issues: string[] = [];
  for (const [name, item] of Object.entries(value)) {
    const field = properties[name];
    if (field === undefined) issues.push(`${at(name)}: is not a field of the request`);
    else if (resolve(field).readOnly === true || field.readOnly === true)
      issues.push(`${at(name)}: is read-only`);
    else if (field.deprecated === true) issues.push(`${at(name)}: is deprecated`);
    else issues.push(...wireIssues(field, item, at(name)));
  }
  for (const name of target.required ?? []) {
    if (value[name] === undefined || value[name] === null) issues.push(`${at(name)}: is required`);
  }
  for (const group of target.oneofs ?? []) {
    const set = group.members.filter((member) => value[member] !== undefined && value[member] !== null);
    if (set.length > 1) issues.push(`${path || "(body)"}: sets ${set.join(" and ")} of oneof ${group.name}`);
  }
  return issues;
}

/** What in `value` the document's `node` does not allow, as `path: problem` lines. */
export function wireIssues(node: WireNode, value: unknown, path = ""): string[] {
  if (value === undefined) return [];
  const target = resolve(node);
  if (value === null) return node.nullable || target.nullable ? [] : [`${path}: is null`];
  if (target.type === undefined) return [];
  if (target.type === "array") {
    if (!Array.isArray(value)) return [`${path}: is not a list`];
    return value.flatMap((item, index) => wireIssues(target.items ?? {}, item, `${path}[${index}]`));
  }
  if (target.type === "object") {
    if (!isObject(value)) return [`${path}: is not an object`];
    if (target.format === "struct") return [];
    if (target.additionalProperties !== undefined) {
      const values = target.additionalProperties;
      return Object.entries(value).flatMap(([key, item]) => wireIssues(values, item, `${path}.${key}`));
    }
    return objectIssues(target, value, path);
  }
  const issue = scalarIssue(target, value);
  return issue === undefined ? [] : [`${path}: ${issue}`];
}
