import { checkAnnotations, checkAnnotationsOf } from "../annotationRules";
import { badRequest } from "../errors";
import { applyUpdateMask, parseUpdateMask, type MaskRules } from "../masks";
import type { MessageModel } from "../models/model";
import { isJsonObject, type JsonObject } from "../state";
import { parseRequest } from "../model/request";
import { nowTimestamp } from "../time";

/** What an update request carries and how to check it. */
export interface UpdateRequest {
  /** The raw request body. */
  body: unknown;
  /** Name of the entity member of the body: `app`, `catalog`, `settings`... */
  entityKey: string;
  /** The `wire-schemas.json` operation whose request schema checks the whole body. */
  operation: string;
  model: MessageModel;
  /** The stored record (not changed by this function). */
  current: JsonObject;
  reservedAnnotationPrefix: string;
  rules?: MaskRules;
  /** Fields that may not end up empty (e.g. displayName). */
  required?: readonly string[];
}

/** The outcome of an update: the next record, the parsed body and whether anything changed. */
export interface UpdateOutcome {
  next: JsonObject;
  /** The checked body (null fields dropped, durations and timestamps canonical). */
  parsed: JsonObject;
  paths: string[];
  changed: boolean;
}

/** Whether two JSON values are equal (key order ignored). */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every((key) =>
    jsonEqual((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
  );
}

/**
 * The entity without the fields the model marks read-only, nested ones too: a client may send back
 * the object it read (spec 2.0.6); the mask alone says what changes, and a read-only path in it is a 400.
 */
function withoutReadOnly(entity: unknown, model: MessageModel): unknown {
  if (!isJsonObject(entity)) return entity;
  const kept: JsonObject = {};
  for (const [name, value] of Object.entries(entity)) {
    const field = Object.hasOwn(model, name) ? model[name] : undefined;
    if (field?.readOnly === true) continue;
    const fields = field?.fields;
    if (fields === undefined) kept[name] = value;
    else if (Array.isArray(value)) kept[name] = value.map((item) => withoutReadOnly(item, fields));
    else kept[name] = withoutReadOnly(value, fields);
  }
  return kept;
}

/** Whether a raw update mask names `annotations`: only then are the entity's annotations read. */
function masksAnnotations(mask: unknown): boolean {
  return typeof mask === "string" && mask.split(",").some((path) => path.trim() === "annotations");
}

function withoutAnnotations(entity: unknown): unknown {
  if (!isJsonObject(entity)) return entity;
  const { annotations: _ignored, ...rest } = entity;
  return rest;
}

/**
 * Validates `{<entity>, updateMask}`, applies the mask to a copy of the record (annotations
 * merged and re-checked) and stamps `updatedAt` when something really changed.
 */
export function applyUpdate(request: UpdateRequest): UpdateOutcome {
  const body = (request.body ?? {}) as JsonObject;
  if (body["updateMask"] === undefined || body["updateMask"] === null || body["updateMask"] === "") {
    throw badRequest("update_mask is required");
  }
  const sent = withoutReadOnly(body[request.entityKey], request.model);
  const entitySent = masksAnnotations(body["updateMask"]) ? sent : withoutAnnotations(sent);
  const parsed = parseRequest(request.operation, { ...body, [request.entityKey]: entitySent });
  const entity = (parsed[request.entityKey] ?? {}) as JsonObject;
  checkAnnotationsOf(entity, request.reservedAnnotationPrefix);
  const paths = parseUpdateMask(parsed["updateMask"] as string | undefined, request.model, request.rules);
  const next = structuredClone(request.current);
  applyUpdateMask(next, entity, paths, request.model, request.entityKey);
  if (paths.some((path) => path === "annotations")) {
    checkAnnotations((next["annotations"] ?? {}) as Record<string, string>, request.reservedAnnotationPrefix);
  }
  for (const field of request.required ?? []) {
    if (next[field] === "" || next[field] === undefined || next[field] === null) {
      throw badRequest(`invalid body: ${request.entityKey}.${field}: required (it cannot be cleared)`);
    }
  }
  const changed = !jsonEqual(next, request.current);
  if (changed && "updatedAt" in request.model) next["updatedAt"] = nowTimestamp();
  return { next, parsed, paths, changed };
}
