import type { FieldKind, FieldModel, MessageModel } from "../models/model";
import { enumZero, oneofOf, resolve, schemaNamed, type WireNode } from "./document";
import { isMapNode } from "./unset";

const SCALAR_FORMAT_KINDS: Readonly<Record<string, FieldKind>> = {
  int64: "int64",
  duration: "duration",
  "date-time": "timestamp",
  "field-mask": "opaque",
};

const nested = new Map<string, MessageModel>();

function nestedModel(node: WireNode): MessageModel | undefined {
  if (node.$ref === undefined) return undefined;
  const name = node.$ref.replace("#/schemas/", "");
  const known = nested.get(name);
  if (known !== undefined) return known;
  const model: Record<string, FieldModel> = {};
  nested.set(name, model);
  Object.assign(model, fieldsOf(schemaNamed(name)));
  return model;
}

function kindOf(name: string, node: WireNode): FieldKind {
  const target = resolve(node);
  switch (target.type) {
    case "array":
      return "list";
    case "object":
      if (name === "annotations") return "annotations";
      if (isMapNode(target)) return "map";
      return target.properties === undefined || target.format === "struct" ? "opaque" : "message";
    case "boolean":
      return "bool";
    case "integer":
    case "number":
      return "number";
    case "string":
      return target.enum !== undefined ? "enum" : (SCALAR_FORMAT_KINDS[target.format ?? ""] ?? "string");
    default:
      return "opaque";
  }
}

function fieldOf(name: string, node: WireNode, oneof: string | undefined): FieldModel {
  const kind = kindOf(name, node);
  const field: FieldModel = { kind };
  if (node.readOnly === true) field.readOnly = true;
  if (oneof !== undefined) field.oneof = oneof;
  if (kind === "enum") field.enumZero = enumZero(resolve(node));
  if (kind === "message") {
    const fields = nestedModel(node);
    if (fields !== undefined) field.fields = fields;
  }
  if (kind === "list" && node.items !== undefined) {
    const element = kindOf("", node.items);
    if (element === "duration" || element === "timestamp") field.element = element;
    const fields = element === "message" ? nestedModel(node.items) : undefined;
    if (fields !== undefined) field.fields = fields;
  }
  return field;
}

function fieldsOf(schema: WireNode): Record<string, FieldModel> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, node]) => [
      name,
      fieldOf(name, node, oneofOf(schema, name)),
    ]),
  );
}

/**
 * The model of one `wire-schemas.json` object (by schema name), field by field: kind, zero value,
 * oneof group, nested models, and read-only as the document marks it. `serviceSet` adds the fields
 * the service sets although the document does not mark them read-only (reference 5.2; ids from the
 * path), each with the reason a mask naming it is refused ("" for none).
 */
export function messageModelOf(
  schemaName: string,
  serviceSet: Readonly<Record<string, string>> = {},
): MessageModel {
  const model = fieldsOf(schemaNamed(schemaName));
  for (const [name, reason] of Object.entries(serviceSet)) {
    const field = model[name];
    if (field === undefined) throw new Error(`wire-schemas.json: ${schemaName} has no field ${name}`);
    model[name] =
      reason === "" ? { ...field, readOnly: true } : { ...field, readOnly: true, readOnlyReason: reason };
  }
  return model;
}
