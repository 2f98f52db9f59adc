/**
 * For each resource kind: the operations it calls, where its object sits in each answer, and a stand-in for the
 * service that answers those operations with document-built answers holding what the program wrote.
 */
import { kindNamed } from "../../resources/kinds";
import type { FieldTable, Props } from "../../provider/engine";
import type { SeenRequest } from "./answerServer";
import { buildAnswer, type BuildOptions, type FieldCount } from "./wireAnswers";

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
}

const alive = { deletedAt: null };

export const KIND_CASES: Readonly<Record<string, KindCase>> = {
  App: {
    base: {},
    members: { appCreate: "app", appGet: "app", appUpdate: "app" },
    identity: { id: "app-1", ...alive },
    annotations: true,
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
  },
  Automation: {
    base: {},
    members: { automationCreate: "automation", automationGet: "automation", automationUpdate: "automation" },
    identity: { id: "auto-1" },
    annotations: true,
  },
  AuthConfig: {
    base: {},
    members: { authConfigCreate: "authConfig", authConfigGet: "authConfig", authConfigUpdate: "authConfig" },
    identity: { id: "ac-1" },
    annotations: false,
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
  },
  AccessReviewScope: {
    base: { accessReviewId: "ar-1" },
    members: { scopeGet: "", scopeSet: "" },
    identity: {},
    annotations: false,
  },
  SsoSettings: {
    base: {},
    members: { ssoGet: "settings", ssoUpdate: "settings" },
    identity: {},
    annotations: false,
  },
  XaaSettings: {
    base: {},
    members: { xaaGet: "settings", xaaUpdate: "settings" },
    identity: {},
    annotations: false,
  },
  SessionSettings: {
    base: {},
    members: { sessionSettingsGet: "sessionSettings", sessionSettingsUpdate: "sessionSettings" },
    identity: {},
    annotations: false,
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

/** The stored object the stand-in answers with: what the program wrote, on top of the document-built answer. */
export interface Written {
  /** The managed values, in wire form. */
  readonly fields: Props;
  readonly annotations: Record<string, string>;
}

/**
 * The answer to one request of a kind: the document-built answer of its operation, with the object's identity and
 * what the program wrote. The campaign scope's entitlement rows are the program's entitlements.
 */
export function kindAnswer(
  kindName: string,
  request: SeenRequest,
  options: BuildOptions,
  written: Written,
  count: FieldCount,
): Props | undefined {
  const kindCase = KIND_CASES[kindName];
  const member = kindCase?.members[request.operation];
  if (kindCase === undefined || member === undefined) return undefined;
  const answer = buildAnswer(request.operation, options, count);
  const built = getMember(answer, member) ?? {};
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
