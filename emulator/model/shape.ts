import { oneofOf, resolve, type WireNode } from "./document";
import { unsetValue } from "./unset";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * An answer as the service writes it (proto3 JSON with unpopulated fields emitted, reference 1.1):
 * every non-oneof property of every message present, unset ones at {@link unsetValue}; unset oneof
 * members left out. Set values are kept as they are (never converted) and fields the document does
 * not list are kept too, so the answer check still sees them. Does not change `value`.
 */
export function shapeAnswer(node: WireNode, value: unknown): unknown {
  const target = resolve(node);
  if (target.type === "array") {
    return Array.isArray(value) && target.items !== undefined
      ? value.map((item) => shapeAnswer(target.items as WireNode, item))
      : value;
  }
  if (target.type !== "object" || !isObject(value)) return value;
  if (target.properties === undefined) {
    const element = target.additionalProperties;
    if (element === undefined) return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shapeAnswer(element, item)]));
  }
  const properties = target.properties;
  const shaped: Record<string, unknown> = {};
  const write = (name: string, sent: unknown): void => {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (property === undefined) shaped[name] = sent;
    else if (sent !== undefined && sent !== null) shaped[name] = shapeAnswer(property, sent);
    else if (oneofOf(target, name) === undefined) shaped[name] = unsetValue(property);
  };
  for (const [name, sent] of Object.entries(value)) write(name, sent);
  for (const name of Object.keys(properties)) if (!Object.hasOwn(shaped, name)) write(name, undefined);
  return shaped;
}
