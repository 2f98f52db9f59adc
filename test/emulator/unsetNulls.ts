import type { z } from "zod";
import { isJsonObject } from "./state";

type Definition = { type: string } & Record<string, any>;

function definitionOf(schema: z.core.$ZodType): Definition {
  return schema._zod.def as unknown as Definition;
}

/** The schema under its optional, nullable, default and pipe wrappers. */
function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  const definition = definitionOf(schema);
  switch (definition.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return unwrap(definition["innerType"]);
    case "pipe":
      return unwrap(definition["in"]);
    default:
      return schema;
  }
}

/**
 * proto3 JSON reads `null` as unset (reference 1): drops the null fields of every request object the
 * schema knows field by field (exact objects, and their lists), before validation. Opaque objects
 * (records, loose objects: automation step members, triggers, `context`) are left exactly as sent.
 */
export function withoutNullFields(schema: z.core.$ZodType, value: unknown): unknown {
  const definition = definitionOf(unwrap(schema));
  if (definition.type === "array" && Array.isArray(value)) {
    return value.map((item) => withoutNullFields(definition["element"], item));
  }
  const exact = definition.type === "object" && definition["catchall"]?._zod.def.type === "never";
  if (!exact || !isJsonObject(value)) return value;
  const shape = definition["shape"] as Record<string, z.core.$ZodType>;
  const kept: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    const field = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (field !== undefined && item === null) continue;
    kept[name] = field === undefined ? item : withoutNullFields(field, item);
  }
  return kept;
}
