import { validateAnnotations } from "../../provider/schemas";
import { badRequest } from "./errors";

/** An object with its `annotations` member taken out (checked to be a map of strings). */
export interface SplitAnnotations {
  rest: unknown;
  annotations: Record<string, string> | undefined;
}

/**
 * Takes `annotations` out of an object before schema validation, so the emulator can check it
 * against its own reserved prefix. `path` names the object in messages (`app`, or `` for a flat body).
 */
export function splitAnnotations(container: unknown, path: string): SplitAnnotations {
  if (typeof container !== "object" || container === null || Array.isArray(container)) {
    return { rest: container, annotations: undefined };
  }
  const { annotations, ...rest } = container as Record<string, unknown>;
  if (annotations === undefined || annotations === null) return { rest, annotations: undefined };
  const field = path === "" ? "annotations" : `${path}.annotations`;
  if (typeof annotations !== "object" || Array.isArray(annotations)) {
    throw badRequest(`invalid body: ${field}: expected a map of strings`);
  }
  for (const [key, value] of Object.entries(annotations as Record<string, unknown>)) {
    if (typeof value !== "string") {
      throw badRequest(`invalid body: ${field}["${key}"]: expected string`);
    }
  }
  return { rest, annotations: { ...(annotations as Record<string, string>) } };
}

/**
 * Throws 400 `invalid annotations: ...` naming each broken rule of spec 2.1 and its key. Values
 * may be empty (spec 2.1: 0 to 256 characters); on update an empty value removes its key.
 */
export function checkAnnotations(map: Record<string, string>, reservedPrefix: string): void {
  const issues = validateAnnotations(map, { reservedPrefix, allowEmptyValues: true });
  if (issues.length === 0) return;
  throw badRequest(`invalid annotations: ${issues.map((issue) => issue.message).join("; ")}`);
}
