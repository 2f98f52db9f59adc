import type { z } from "zod";

/** The parts of a zod schema's definition this walk reads. */
interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
}

function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

/**
 * A parsed answer with only the members its schema names, at every depth: the service may add fields (response
 * schemas accept them), but outputs keep only the fields this package knows, so no unknown bulk reaches state.
 * Values a schema cannot tell apart (unions, transforms, open JSON) are kept as they are.
 */
export function knownFieldsOnly(value: unknown, schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
    case "nonoptional":
    case "catch":
      return knownFieldsOnly(value, def.innerType as z.ZodType);
    case "pipe": {
      // A preprocess (null read as unset) pipes into the schema, a transform out of it: walk the schema side.
      const side = defOf(def.out as z.ZodType).type === "transform" ? def.in : def.out;
      return knownFieldsOnly(value, side as z.ZodType);
    }
    case "lazy":
      return knownFieldsOnly(value, (def.getter as () => z.ZodType)());
    case "array":
      return Array.isArray(value)
        ? value.map((item) => knownFieldsOnly(item, def.element as z.ZodType))
        : value;
    case "record":
      return isObject(value)
        ? Object.fromEntries(
            Object.entries(value).map(([key, item]) => [
              key,
              knownFieldsOnly(item, def.valueType as z.ZodType),
            ]),
          )
        : value;
    case "object": {
      if (!isObject(value)) return value;
      const shape = def.shape ?? {};
      const known: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        if (Object.hasOwn(shape, key)) known[key] = knownFieldsOnly(item, shape[key] as z.ZodType);
      }
      return known;
    }
    default:
      return value;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
