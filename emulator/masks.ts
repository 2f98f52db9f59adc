import { badRequest } from "./errors";
import { materializeField } from "./models/materialize";
import { zeroValue, type FieldModel, type MessageModel } from "./models/model";
import { isJsonObject } from "./state";

/** Extra rules for one update: paths refused with a reason, e.g. a provider member of another type. */
export interface MaskRules {
  /** Top-level field names refused with the given reason. */
  refuse?: Readonly<Record<string, string>>;
}

function invalidMask(detail: string): Error {
  return badRequest(`invalid update_mask: ${detail}`);
}

function camelCaseOf(path: string): string {
  return path.replace(/_+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

function resolvePath(path: string, model: MessageModel, rules: MaskRules): void {
  if (path.includes("_")) {
    throw invalidMask(`path "${path}" must be lowerCamelCase (write "${camelCaseOf(path)}")`);
  }
  const segments = path.split(".");
  const refusal = rules.refuse?.[segments[0] ?? ""];
  if (refusal !== undefined) throw invalidMask(`path "${path}": ${refusal}`);
  let current: MessageModel | undefined = model;
  for (const [index, segment] of segments.entries()) {
    const field: FieldModel | undefined =
      current !== undefined && Object.prototype.hasOwnProperty.call(current, segment)
        ? current[segment]
        : undefined;
    if (field === undefined || segment === "") throw invalidMask(`unknown path "${path}"`);
    if (field.readOnly === true) {
      const reason = field.readOnlyReason === undefined ? "" : `: ${field.readOnlyReason}`;
      throw invalidMask(`path "${path}" is read-only${reason}`);
    }
    const isLast = index === segments.length - 1;
    if (!isLast && field.kind !== "message") throw invalidMask(`unknown path "${path}"`);
    current = field.fields;
  }
}

/**
 * Parses an update mask (comma-separated lowerCamelCase paths) against a model. Answers 400
 * `update_mask is required` for an empty mask, and a 400 naming the path for a path with `_`,
 * an unknown path or a read-only path.
 */
export function parseUpdateMask(
  mask: string | undefined,
  model: MessageModel,
  rules: MaskRules = {},
): string[] {
  const paths = (mask ?? "")
    .split(",")
    .map((path) => path.trim())
    .filter((path) => path !== "");
  if (paths.length === 0) throw badRequest("update_mask is required");
  for (const path of paths) resolvePath(path, model, rules);
  return [...new Set(paths)];
}

/** Upserts sent keys, keeps unsent keys, removes keys sent with `""` (reference 1). */
export function mergeAnnotations(
  current: Record<string, string>,
  sent: Record<string, string> | undefined,
): Record<string, string> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(sent ?? {})) {
    if (value === "") delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

function keepReadOnlyMembers(field: FieldModel, next: unknown, previous: unknown): unknown {
  if (field.kind !== "message" || !isJsonObject(next) || field.fields === undefined) return next;
  for (const [name, member] of Object.entries(field.fields)) {
    if (member.readOnly === true) {
      next[name] = isJsonObject(previous) ? previous[name] : zeroValue(member);
    } else {
      next[name] = keepReadOnlyMembers(
        member,
        next[name],
        isJsonObject(previous) ? previous[name] : undefined,
      );
    }
  }
  return next;
}

function applyPath(
  target: Record<string, unknown>,
  source: Record<string, unknown> | undefined,
  segments: string[],
  model: MessageModel,
  fullPath: string,
): void {
  const [name = "", ...rest] = segments;
  const field = model[name];
  if (field === undefined) return;
  const sent = source?.[name];
  if (rest.length > 0) {
    if (!isJsonObject(target[name])) target[name] = materializeField(field, {}, name);
    const nested = target[name] as Record<string, unknown>;
    applyPath(nested, isJsonObject(sent) ? sent : undefined, rest, field.fields ?? {}, fullPath);
    return;
  }
  if (field.kind === "annotations") {
    const current = isJsonObject(target[name]) ? (target[name] as Record<string, string>) : {};
    target[name] = mergeAnnotations(
      current,
      isJsonObject(sent) ? (sent as Record<string, string>) : undefined,
    );
    return;
  }
  const next = materializeField(field, sent, fullPath);
  target[name] = keepReadOnlyMembers(field, next, target[name]);
}

/**
 * Applies the masked fields of `source` to `target` (a stored record, changed in place): a path
 * whose field is absent from `source` is cleared; annotations merge; dotted paths reach into
 * nested messages.
 */
export function applyUpdateMask(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
  paths: readonly string[],
  model: MessageModel,
  entityName: string,
): void {
  for (const path of paths) applyPath(target, source, path.split("."), model, `${entityName}.${path}`);
}
