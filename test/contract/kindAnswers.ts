/**
 * For each resource kind: the operations it calls, where its object sits in each answer, and a stand-in for the
 * service that answers those operations with document-built answers holding what the program wrote.
 */
import { type KindName, kindNamed } from "../../provider/kinds";
import type { FieldTable, Props } from "../../provider/engine";
import type { SeenRequest } from "./answerServer";
import { buildAnswer, resolve, wire, type BuildOptions, type FieldCount, type WireNode } from "./wireAnswers";

/** What a kind reads and writes. */
export interface KindCase {
  /** Inputs the program always gives (where the object lives). */
  readonly base: Props;
  /** The operations whose answers carry the object, with the path of the object in each. */
  readonly members: Readonly<Record<string, string>>;
  /** Object fields every answer carries: its id and placement, and no `deletedAt` (the object is alive). */
  readonly identity: Props;
  /** Whether the kind stamps ownership annotations. */
  readonly annotations: boolean;
  /** The listing a create reads first, to find an object a cut-short run left for its address. */
  readonly list?: string;
  /** Where an update body holds the object (`{app, updateMask}`); empty when the body is the object. */
  readonly entityKey: string;
}

const alive = { deletedAt: null };

export const KIND_CASES: Readonly<Record<KindName, KindCase> & Record<string, KindCase>> = {
  App: {
    base: {},
    members: { appCreate: "app", appGet: "app", appUpdate: "app" },
    identity: { id: "app-1", ...alive },
    annotations: true,
    list: "appList",
    entityKey: "app",
  },
  RequestCatalog: {
    base: {},
    members: {
      catalogCreate: "requestCatalogView.requestCatalog",
      catalogGet: "requestCatalogView.requestCatalog",
      catalogUpdate: "requestCatalogView.requestCatalog",
    },
    identity: { id: "cat-1", ...alive },
    annotations: true,
    list: "catalogList",
    entityKey: "catalog",
  },
  Automation: {
    base: {},
    members: { automationCreate: "automation", automationGet: "automation", automationUpdate: "automation" },
    identity: { id: "auto-1" },
    annotations: true,
    list: "searchAutomations",
    entityKey: "automation",
  },
  AuthConfig: {
    base: {},
    members: { authConfigCreate: "authConfig", authConfigGet: "authConfig", authConfigUpdate: "authConfig" },
    identity: { id: "ac-1" },
    annotations: false,
    list: "authConfigList",
    entityKey: "authConfig",
  },
  AppResource: {
    base: { appId: "app-1", appResourceTypeId: "type-1" },
    members: {
      appResourceCreate: "appResource",
      appResourceGet: "appResourceView.appResource",
      appResourceUpdate: "appResourceView.appResource",
    },
    identity: { id: "res-1", appId: "app-1", appResourceTypeId: "type-1", ...alive },
    annotations: true,
    list: "appResourceList",
    entityKey: "appResource",
  },
  AccessReviewScope: {
    base: { accessReviewId: "ar-1" },
    members: { scopeGet: "", scopeSet: "" },
    identity: {},
    annotations: false,
    entityKey: "",
  },
  SsoSettings: {
    base: {},
    members: { ssoGet: "settings", ssoUpdate: "settings" },
    identity: {},
    annotations: false,
    entityKey: "settings",
  },
  XaaSettings: {
    base: {},
    members: { xaaGet: "settings", xaaUpdate: "settings" },
    identity: {},
    annotations: false,
    entityKey: "settings",
  },
  SessionSettings: {
    base: {},
    members: { sessionSettingsGet: "sessionSettings", sessionSettingsUpdate: "sessionSettings" },
    identity: {},
    annotations: false,
    entityKey: "sessionSettings",
  },
};

function isObject(value: unknown): value is Props {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `base` with `over` written into it: objects merged key by key, anything else replaced. */
export function overlay(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over;
  const out: Props = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = overlay(base[key], value);
  return out;
}

function getMember(answer: Props, path: string): Props | undefined {
  if (path === "") return answer;
  const value = path
    .split(".")
    .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), answer);
  return isObject(value) ? value : undefined;
}

function setMember(answer: Props, path: string, value: Props): Props {
  if (path === "") return value;
  const [head = "", ...rest] = path.split(".");
  const inner = isObject(answer[head]) ? (answer[head] as Props) : {};
  return { ...answer, [head]: setMember(inner, rest.join("."), value) };
}

/** The values of the managed fields of `live`, in the kind's field table: what a program manages of the object. */
export function managedValues(live: Props, fields: FieldTable): Props {
  const out: Props = {};
  for (const [name, spec] of Object.entries(fields)) {
    const value = live[name];
    if (value === undefined || value === null || spec.writeOnly) continue;
    if (spec.fields && isObject(value)) out[name] = managedValues(value, spec.fields);
    else if (spec.fields && Array.isArray(value)) {
      out[name] = value.map((item) => (isObject(item) ? managedValues(item, spec.fields ?? {}) : item));
    } else out[name] = value;
  }
  return out;
}

/** The object the stand-in holds: what the program last wrote, in wire form. Creates and updates change it. */
export interface Written {
  fields: Props;
  annotations: Record<string, string>;
}

function mergedAnnotations(held: Record<string, string>, sent: unknown): Record<string, string> {
  const merged = { ...held, ...(isObject(sent) ? (sent as Record<string, string>) : {}) };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== ""));
}

/** Applies a create (the flat body) or an update (the masked object) to what the stand-in holds. */
function applyWrite(kindName: string, kindCase: KindCase, request: SeenRequest, written: Written): void {
  const body = isObject(request.body) ? request.body : {};
  const fields = fieldsOf(kindName);
  if (request.operation.endsWith("Create")) {
    written.fields = managedValues(body, fields);
    written.annotations = mergedAnnotations({}, body.annotations);
    return;
  }
  const entity = kindCase.entityKey === "" ? body : body[kindCase.entityKey];
  if (!isObject(entity)) return;
  const replace = kindName === "AccessReviewScope";
  written.fields = replace
    ? managedValues(entity, fields)
    : (overlay(written.fields, managedValues(entity, fields)) as Props);
  written.annotations = mergedAnnotations(written.annotations, entity.annotations);
}

/** Leaves out the built oneof members of a group whose member the stand-in holds another of. */
function heldMembersOnly(built: Props, node: WireNode | undefined, held: Props): Props {
  const out = { ...built };
  for (const group of node === undefined ? [] : (resolve(node).oneofs ?? [])) {
    if (!group.members.some((member) => held[member] !== undefined)) continue;
    for (const member of group.members) if (held[member] === undefined) delete out[member];
  }
  return out;
}

function nodeAt(node: WireNode | undefined, path: string): WireNode | undefined {
  if (path === "") return node;
  return path
    .split(".")
    .reduce<WireNode | undefined>((at, key) => (at ? resolve(at).properties?.[key] : undefined), node);
}

/**
 * The answer to one request of a kind: the document-built answer of its operation, holding the object's identity and
 * what the program wrote so far (a create's body, then its updates). The campaign scope's entitlement rows are the
 * written entitlements.
 */
export function kindAnswer(
  kindName: string,
  request: SeenRequest,
  options: BuildOptions,
  written: Written,
  count: FieldCount,
): Props | undefined {
  const kindCase = KIND_CASES[kindName];
  if (kindCase !== undefined && request.operation === kindCase.list) {
    // Objects that other runs made: none carries this resource's address.
    return buildAnswer(request.operation, { ...options, fixed: { nextPageToken: "" } }, count);
  }
  const member = kindCase?.members[request.operation];
  if (kindCase === undefined || member === undefined) return undefined;
  if (request.method === "POST") applyWrite(kindName, kindCase, request, written);
  const answer = buildAnswer(request.operation, options, count);
  const node = nodeAt(wire.operations[request.operation]?.response, member);
  const built = heldMembersOnly(getMember(answer, member) ?? {}, node, written.fields);
  const annotations = kindCase.annotations
    ? { annotations: { ...(built.annotations as Props | undefined), ...written.annotations } }
    : {};
  const fields =
    kindName === "AccessReviewScope" ? { scopeV2: written.fields.scopeV2 ?? {} } : written.fields;
  const object = overlay(overlay(built, kindCase.identity), { ...fields, ...annotations }) as Props;
  const withObject = setMember(answer, member, object);
  if (kindName !== "AccessReviewScope") return withObject;
  const template = ((answer.list as Props[] | undefined) ?? [])[0] ?? {};
  const rows = ((written.fields.entitlements as Props[] | undefined) ?? []).map((entitlement) =>
    overlay(template, { accessReviewEntitlement: { ...entitlement, accessReviewId: "ar-1" } }),
  );
  return { ...withObject, list: rows };
}

/** The field table of a kind. */
export function fieldsOf(kindName: string): FieldTable {
  return kindNamed(kindName).fields;
}
