import { enumZero, resolve, type WireNode } from "./document";

const NULL_FORMATS = new Set(["date-time", "duration", "field-mask"]);

/** Whether a property node holds a message (nested object, struct) rather than a map. */
export function isMessageNode(node: WireNode): boolean {
  const target = resolve(node);
  return (
    target.type === "object" && (target.properties !== undefined || target.additionalProperties === undefined)
  );
}

/** Whether a property node holds a map (`{type: object, additionalProperties}` without properties). */
export function isMapNode(node: WireNode): boolean {
  const target = resolve(node);
  return (
    target.type === "object" && target.properties === undefined && target.additionalProperties !== undefined
  );
}

/**
 * The value the service writes for a non-oneof property that is unset (reference 1.1): `null` for
 * a message, timestamp, duration, field mask or struct; `""`, `0`, `"0"`, `false`, the zero enum
 * member, `[]` or `{}` for the rest. A node of any value (`{}`) reads as a struct.
 */
export function unsetValue(node: WireNode): unknown {
  const target = resolve(node);
  switch (target.type) {
    case "array":
      return [];
    case "object":
      return isMapNode(target) ? {} : null;
    case "boolean":
      return false;
    case "integer":
    case "number":
      return 0;
    case "string":
      if (target.enum !== undefined) return enumZero(target);
      if (target.format === "int64") return "0";
      return NULL_FORMATS.has(target.format ?? "") ? null : "";
    default:
      return null;
  }
}

/** Whether the service may answer `null` for this non-oneof property (reference 1.1). */
export function answersNullWhenUnset(node: WireNode): boolean {
  return unsetValue(node) === null;
}
