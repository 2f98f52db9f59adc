import raw from "./wire-schemas.json";

/**
 * One node of `wire-schemas.json` (its guide, `wire-schemas.md` section 1): a `$ref`, or a `type`
 * with the keys that type uses. A node with neither is "any JSON value".
 */
export interface WireNode {
  $ref?: string;
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  properties?: Readonly<Record<string, WireNode>>;
  required?: readonly string[];
  additionalProperties?: WireNode;
  oneofs?: readonly { name: string; members: readonly string[] }[];
  items?: WireNode;
  enum?: readonly string[];
  format?: string;
  nullable?: boolean;
  readOnly?: boolean;
  deprecated?: boolean;
}

/** A path or query parameter of an operation, by its wire name. */
export interface WireParam {
  in: "path" | "query";
  name: string;
  required?: boolean;
  type: string;
  format?: string;
}

/** One operation of the document, with its neutral name (`appCreate`, `scopeSet`...). */
export interface WireOperation {
  name: string;
  method: string;
  /** Path template with `{name}` parameters. */
  path: string;
  params: readonly WireParam[];
  request?: WireNode;
  response?: WireNode;
}

interface WireDocument {
  operations: Record<string, Omit<WireOperation, "name" | "params"> & { params?: WireParam[] }>;
  schemas: Record<string, WireNode>;
}

/**
 * Property names the document writes with neutral words where the spec gives the wire spelling
 * (wire-schemas.md section 3, reference 5.7: spec 2.14's names for the four delegated constraints).
 */
const WIRE_SPELLINGS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  DelegatedConstraints: {
    providerHostedEnabled: "googleEnabled",
    providerHostedDomains: "googleHostedDomains",
    providerTenantEnabled: "microsoftEnabled",
    providerTenantIds: "microsoftTenantIds",
  },
};

function withWireSpellings(document: WireDocument): WireDocument {
  const schemas = { ...document.schemas };
  for (const [name, renames] of Object.entries(WIRE_SPELLINGS)) {
    const schema = schemas[name];
    if (schema?.properties === undefined) throw new Error(`wire-schemas.json has no schema ${name}`);
    const properties = Object.entries(schema.properties).map(([property, node]) => [
      renames[property] ?? property,
      node,
    ]);
    schemas[name] = { ...schema, properties: Object.fromEntries(properties) };
  }
  return { ...document, schemas };
}

const DOCUMENT = withWireSpellings(raw as unknown as WireDocument);

const OPERATIONS: readonly WireOperation[] = Object.entries(DOCUMENT.operations).map(([name, operation]) => ({
  ...operation,
  name,
  params: operation.params ?? [],
}));

/** The schema a `$ref` names (`#/schemas/App`); throws for a name the document does not hold. */
export function schemaNamed(name: string): WireNode {
  const schema = Object.hasOwn(DOCUMENT.schemas, name) ? DOCUMENT.schemas[name] : undefined;
  if (schema === undefined) throw new Error(`wire-schemas.json has no schema ${name}`);
  return schema;
}

/** The node itself, or the schema its `$ref` points to. */
export function resolve(node: WireNode): WireNode {
  return node.$ref === undefined ? node : schemaNamed(node.$ref.replace("#/schemas/", ""));
}

/** Every operation of the document (the token endpoint included). */
export function wireOperations(): readonly WireOperation[] {
  return OPERATIONS;
}

/** The operation with this neutral name; throws for an unknown one. */
export function operationNamed(name: string): WireOperation {
  const operation = OPERATIONS.find((candidate) => candidate.name === name);
  if (operation === undefined) throw new Error(`wire-schemas.json has no operation ${name}`);
  return operation;
}

function shapeOf(path: string): string {
  return path.replace(/\{[^}]+\}|:[^/]+/g, "*");
}

/** The operation a route serves: same method, same path with any parameter names (`:id` or `{id}`). */
export function operationForRoute(method: string, pattern: string): WireOperation | undefined {
  const shape = shapeOf(pattern);
  return OPERATIONS.find((operation) => operation.method === method && shapeOf(operation.path) === shape);
}

/** The first member of an enum, its zero value. */
export function enumZero(node: WireNode): string {
  return node.enum?.[0] ?? "";
}

/** The prefix every member of an enum shares (`APP_ACCESS_MODEL_`), or "" when the zero member has none. */
export function enumPrefix(node: WireNode): string {
  const zero = enumZero(node);
  return zero.endsWith("_UNSPECIFIED") ? zero.slice(0, -"UNSPECIFIED".length) : "";
}

/** The oneof group a property belongs to, if any. */
export function oneofOf(node: WireNode, property: string): string | undefined {
  return node.oneofs?.find((group) => group.members.includes(property))?.name;
}
