import { ownershipIn } from "../engine/ownership";
import { IdgovError } from "../errors/idgov-error";
import { isPulumiSecret } from "../engine/pulumiSecret";
import type { KindName } from "../kinds/names";
import { kindOfToken } from "../kinds/tokens";
import type { Door, HeldResource, StackIdentity, StackState } from "./types";
import type { Json } from "../schemas/primitives";

/** A state file or export that cannot be read; the message names the source and what is wrong. */
export class StackStateError extends IdgovError {}

/** The kind a resource type token names and the door it came through, or undefined for another package's type. */
function packageTypeOf(type: unknown): { kind: KindName; door: Door } | undefined {
  return typeof type === "string" ? kindOfToken(type) : undefined;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * A value with its secrets decoded: a secret the export shows (`--show-secrets`) becomes its value; one it keeps
 * encrypted is left out, and its dotted path recorded in `unreadable`.
 */
function decodeSecrets(value: unknown, path: string, unreadable: string[]): unknown {
  if (Array.isArray(value))
    return value.map((item, index) => decodeSecrets(item, `${path}[${index}]`, unreadable));
  if (!isObject(value)) return value;
  if (isPulumiSecret(value)) {
    if (typeof value.plaintext === "string") return JSON.parse(value.plaintext) as unknown;
    unreadable.push(path);
    return undefined;
  }
  const decoded: Json = {};
  for (const [key, item] of Object.entries(value)) {
    const inner = decodeSecrets(item, path === "" ? key : `${path}.${key}`, unreadable);
    if (inner !== undefined) decoded[key] = inner;
  }
  return decoded;
}

/** The project and stack a URN names: `urn:pulumi:<stack>::<project>::…`. */
function urnParts(urn: string): { project: string; stack: string } | undefined {
  const match = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(urn);
  return match ? { stack: match[1]!, project: match[2]! } : undefined;
}

function identityOf(
  resources: readonly Json[],
  held: readonly HeldResource[],
  unnamed: string,
): StackIdentity {
  const workspace = held
    .map((resource) => (ownershipIn(resource.inputs) ?? ownershipIn(resource.outputs))?.workspace)
    .find((name) => name !== undefined && name !== "");
  const parts = resources.map((resource) => urnParts(String(resource.urn ?? ""))).find((found) => found);
  if (workspace) return { name: workspace, workspace, ...parts };
  if (parts) return { name: `*/${parts.project}/${parts.stack}`, ...parts };
  return { name: unnamed };
}

function heldResource(resource: Json, kind: KindName, door: Door): HeldResource | undefined {
  const id = resource.id;
  // A resource whose create has not answered yet has no id, and one marked `delete` awaits deletion.
  if (typeof id !== "string" || id === "" || resource.delete === true) return undefined;
  const unreadablePaths: string[] = [];
  const inputs = decodeSecrets(resource.inputs ?? {}, "", unreadablePaths) as Json;
  const outputs = decodeSecrets(resource.outputs ?? {}, "", []) as Json;
  return { kind, door, id, urn: String(resource.urn), inputs, outputs, unreadablePaths };
}

/**
 * Reads the text of `pulumi stack export` (deployment version 3): the resources of this package, by the type token
 * of either door (`pulumi-nodejs:dynamic/idgov:<Kind>`, `idgov:index:<Kind>`), and the stack's identity, from the
 * ownership its resources carry (`<org>/<project>/<stack>`), else from its URNs (`*\/<project>/<stack>`), else (a
 * stack with no resources) `name`, as the stack was given. `source` names where the text came from, in errors.
 */
export function parseStackExport(text: string, source: string, name: string = source): StackState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new StackStateError(
      `${source}: not JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const deployment = isObject(parsed) ? parsed.deployment : undefined;
  if (!isObject(deployment)) {
    throw new StackStateError(`${source}: has no "deployment": is it the output of \`pulumi stack export\`?`);
  }
  const all = deployment.resources ?? [];
  if (!Array.isArray(all)) throw new StackStateError(`${source}: "deployment.resources" is not a list`);
  const resources = all.filter(isObject);
  const held = resources.flatMap((resource) => {
    const typed = packageTypeOf(resource.type);
    const found = typed && heldResource(resource, typed.kind, typed.door);
    return found ? [found] : [];
  });
  return { identity: identityOf(resources, held, name), source, resources: held };
}
