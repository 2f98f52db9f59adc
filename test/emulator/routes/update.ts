import type { z } from "zod";
import { checkAnnotations, splitAnnotations } from "../annotationRules";
import { badRequest } from "../errors";
import { applyUpdateMask, parseUpdateMask, type MaskRules } from "../masks";
import type { MessageModel } from "../models/model";
import type { JsonObject } from "../state";
import { nowTimestamp } from "../time";
import { parseBody } from "../validation";

/** What an update request carries and how to check it. */
export interface UpdateRequest<Schema extends z.ZodType> {
  /** The raw request body. */
  body: unknown;
  /** Name of the entity member of the body: `app`, `catalog`, `settings`... */
  entityKey: string;
  /** Schema of the whole body (entity without annotations, updateMask, ...). */
  schema: Schema;
  model: MessageModel;
  /** The stored record (not changed by this function). */
  current: JsonObject;
  reservedAnnotationPrefix: string;
  rules?: MaskRules;
  /** Fields that may not end up empty (e.g. displayName). */
  required?: readonly string[];
}

/** The outcome of an update: the next record, the parsed body and whether anything changed. */
export interface UpdateOutcome<Body> {
  next: JsonObject;
  parsed: Body;
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
 * Validates `{<entity>, updateMask}`, applies the mask to a copy of the record (annotations
 * merged and re-checked) and stamps `updatedAt` when something really changed.
 */
export function applyUpdate<Schema extends z.ZodType>(
  request: UpdateRequest<Schema>,
): UpdateOutcome<z.output<Schema>> {
  const body = (request.body ?? {}) as JsonObject;
  if (body["updateMask"] === undefined || body["updateMask"] === null || body["updateMask"] === "") {
    throw badRequest("update_mask is required");
  }
  const { rest, annotations } = splitAnnotations(body[request.entityKey], request.entityKey);
  const parsed = parseBody(request.schema, { ...body, [request.entityKey]: rest });
  if (annotations !== undefined) checkAnnotations(annotations, request.reservedAnnotationPrefix);
  const mask = (parsed as { updateMask?: string }).updateMask;
  const paths = parseUpdateMask(mask, request.model, request.rules);
  const entity = ((parsed as JsonObject)[request.entityKey] ?? {}) as JsonObject;
  const source = annotations === undefined ? entity : { ...entity, annotations };
  const next = structuredClone(request.current);
  applyUpdateMask(next, source, paths, request.model, request.entityKey);
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
