import { badRequest, type ApiError } from "../errors";
import { operationNamed, resolve, type WireNode } from "./document";
import { checkScalar } from "./scalars";

/** One broken rule of a request body, at a field path such as `app.annotations` or `steps[2]`. */
export interface RequestIssue {
  path: string;
  rule: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const join = (path: string, name: string): string => (path === "" ? name : `${path}.${name}`);

function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

function checkObject(node: WireNode, value: unknown, path: string, issues: RequestIssue[]): unknown {
  if (node.format === "struct") {
    if (!isObject(value)) issues.push({ path, rule: "expected object" });
    return structuredClone(value);
  }
  if (!isObject(value)) {
    issues.push({ path, rule: "expected object" });
    return value;
  }
  const properties = node.properties ?? {};
  const cleaned: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    const element = property ?? node.additionalProperties;
    const itemPath =
      property === undefined && node.properties === undefined ? `${path}["${name}"]` : join(path, name);
    if (element === undefined) issues.push({ path: join(path, name), rule: "unrecognized field" });
    else if (item !== null && item !== undefined) cleaned[name] = checkNode(element, item, itemPath, issues);
  }
  for (const name of node.required ?? []) {
    if (isUnset(cleaned[name])) issues.push({ path: join(path, name), rule: "required" });
  }
  for (const group of node.oneofs ?? []) {
    const set = group.members.filter((member) => cleaned[member] !== undefined);
    if (set.length > 1) {
      issues.push({
        path,
        rule: `at most one of ${group.members.join(", ")} may be set (got: ${set.join(", ")})`,
      });
    }
  }
  return cleaned;
}

function checkNode(node: WireNode, value: unknown, path: string, issues: RequestIssue[]): unknown {
  const target = resolve(node);
  if (target.type === "object") return checkObject(target, value, path, issues);
  if (target.type === "array") {
    if (!Array.isArray(value)) {
      issues.push({ path, rule: "expected array" });
      return value;
    }
    return value.map((item, index) =>
      item === null
        ? (issues.push({ path: `${path}[${index}]`, rule: "null is not a list element" }), item)
        : checkNode(target.items ?? {}, item, `${path}[${index}]`, issues),
    );
  }
  if (target.type === undefined) return structuredClone(value);
  const outcome = checkScalar(target, value);
  if (outcome.ok) return outcome.value;
  issues.push({ path, rule: outcome.rule });
  return value;
}

/**
 * Checks a value against a node of `wire-schemas.json` (unknown fields, types, integer ranges,
 * int64 strings, durations, timestamps, enums, `required`, one member per oneof group) and answers
 * it cleaned: `null` fields dropped (proto3 reads them as unset), durations and timestamps
 * canonical, plus every issue found.
 */
export function checkRequestValue(
  node: WireNode,
  value: unknown,
  path = "",
): { value: unknown; issues: RequestIssue[] } {
  const issues: RequestIssue[] = [];
  const cleaned = checkNode(node, value, path, issues);
  return { value: cleaned, issues };
}

/** 400 `invalid body: path: rule; path: rule`. */
export function invalidRequest(issues: readonly RequestIssue[]): ApiError {
  const detail = issues.map(({ path, rule }) => (path === "" ? rule : `${path}: ${rule}`)).join("; ");
  return badRequest(`invalid body: ${detail}`);
}

/**
 * The body of an operation checked against its request schema (see {@link checkRequestValue}), or
 * the 400 naming every field and rule broken.
 */
export function parseRequest(operationName: string, body: unknown): Record<string, unknown> {
  const request = operationNamed(operationName).request;
  if (request === undefined) throw new Error(`operation ${operationName} takes no body`);
  const { value, issues } = checkRequestValue(request, body ?? {});
  if (issues.length > 0) throw invalidRequest(issues);
  return value as Record<string, unknown>;
}
