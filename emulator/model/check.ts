import { oneofOf, resolve, type WireNode } from "./document";
import { checkScalar } from "./scalars";
import { answersNullWhenUnset } from "./unset";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const join = (path: string, name: string): string => (path === "" ? name : `${path}.${name}`);

function checkMessage(node: WireNode, value: Record<string, unknown>, path: string, found: string[]): void {
  const properties = node.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    const inOneof = oneofOf(node, name) !== undefined;
    const item = value[name];
    if (item === undefined) {
      if (!inOneof) found.push(`${join(path, name)}: missing (every non-oneof field is always written)`);
    } else if (item === null) {
      if (inOneof) found.push(`${join(path, name)}: null (an unset oneof member is left out)`);
      else if (!answersNullWhenUnset(property))
        found.push(`${join(path, name)}: null where the service writes a zero value`);
    } else {
      checkValue(property, item, join(path, name), found);
    }
  }
  for (const [name, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, name)) continue;
    if (node.additionalProperties === undefined) found.push(`${join(path, name)}: not in the document`);
    else checkValue(node.additionalProperties, item, `${path}["${name}"]`, found);
  }
  for (const group of node.oneofs ?? []) {
    const set = group.members.filter((member) => value[member] !== undefined && value[member] !== null);
    if (set.length > 1) found.push(`${path}: oneof ${group.name} has ${set.join(" and ")}`);
  }
}

function checkValue(node: WireNode, value: unknown, path: string, found: string[]): void {
  const target = resolve(node);
  if (target.type === undefined) return;
  if (target.type === "object") {
    if (target.format === "struct") {
      if (!isObject(value)) found.push(`${path}: expected a JSON object (struct)`);
    } else if (!isObject(value)) {
      found.push(`${path}: expected object`);
    } else {
      checkMessage(target, value, path, found);
    }
    return;
  }
  if (target.type === "array") {
    if (!Array.isArray(value)) found.push(`${path}: expected array`);
    else value.forEach((item, index) => checkValue(target.items ?? {}, item, `${path}[${index}]`, found));
    return;
  }
  const outcome = checkScalar(target, value);
  if (!outcome.ok) found.push(`${path}: ${outcome.rule}`);
  else if (outcome.value !== value) found.push(`${path}: ${JSON.stringify(value)} is not in canonical form`);
}

/**
 * Every way an answer differs from what the service writes for a node of `wire-schemas.json`
 * (reference 1.1): missing non-oneof fields, `null` where a zero value is written, unset oneof
 * members written as `null`, two members of a oneof, fields the document does not list, wrong
 * types, integers out of range, non-canonical durations and timestamps, enum names without the
 * enum's prefix. Empty when the answer conforms.
 */
export function answerViolations(node: WireNode, value: unknown): string[] {
  const found: string[] = [];
  checkValue(node, value, "", found);
  return found;
}
