import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as lookups from "../../resources";
import { startAnswerServer, type AnswerServer } from "./answerServer";
import { differingPaths, printFigures, recordAnswer, withoutNulls } from "./figures";
import { buildAnswer, FORMS, SHAPES, variantsOf, wire, type FieldCount } from "./wireAnswers";

type Options = lookups.LookupOptions;

/** A lookup, the operation it calls, and where in that operation's answer the value it answers is. */
interface LookupCase {
  operation: string;
  call: (options: Options) => Promise<unknown>;
  /** The member holding the object, or the list of items. */
  member: string;
}

const LOOKUPS: Record<string, LookupCase> = {
  getApp: { operation: "appGet", call: (o) => lookups.getApp({ id: "app-1" }, o), member: "app" },
  getRequestCatalog: {
    operation: "catalogGet",
    call: (o) => lookups.getRequestCatalog({ id: "cat-1" }, o),
    member: "requestCatalogView",
  },
  getAutomation: {
    operation: "automationGet",
    call: (o) => lookups.getAutomation({ id: "auto-1" }, o),
    member: "automation",
  },
  getAuthConfig: {
    operation: "authConfigGet",
    call: (o) => lookups.getAuthConfig({ id: "ac-1" }, o),
    member: "authConfig",
  },
  getAppResource: {
    operation: "appResourceGet",
    call: (o) => lookups.getAppResource({ appId: "app-1", appResourceTypeId: "type-1", id: "res-1" }, o),
    member: "appResourceView",
  },
  getSsoSettings: { operation: "ssoGet", call: (o) => lookups.getSsoSettings(o), member: "settings" },
  getCrossAppAccessSettings: {
    operation: "xaaGet",
    call: (o) => lookups.getCrossAppAccessSettings(o),
    member: "settings",
  },
  getSessionSettings: {
    operation: "sessionSettingsGet",
    call: (o) => lookups.getSessionSettings(o),
    member: "sessionSettings",
  },
  getSessionPolicy: {
    operation: "sessionPolicyGet",
    call: (o) => lookups.getSessionPolicy({ id: "sp-1" }, o),
    member: "sessionPolicy",
  },
  getCredentialInventoryPolicy: {
    operation: "credentialInventoryPolicyGet",
    call: (o) => lookups.getCredentialInventoryPolicy({ id: "cip-1" }, o),
    member: "credentialInventoryPolicy",
  },
  getSecretMetadata: {
    operation: "secretAdminGet",
    call: (o) => lookups.getSecretMetadata({ vaultId: "vault-1" }, o),
    member: "secret",
  },
  getUserNotificationSettings: {
    operation: "userNotificationSettingsGet",
    call: (o) => lookups.getUserNotificationSettings(o),
    member: "userNotificationSettings",
  },
  listAppOwners: {
    operation: "appOwnersList",
    call: (o) => lookups.listAppOwners({ appId: "app-1" }, o),
    member: "list",
  },
  listAppEntitlementOwners: {
    operation: "entitlementOwnersList",
    call: (o) => lookups.listAppEntitlementOwners({ appId: "app-1", roleSlug: "owner" }, o),
    member: "list",
  },
  listMcpResources: {
    operation: "mcpResourcesList",
    call: (o) => lookups.listMcpResources({ appId: "app-1", connectorId: "conn-1" }, o),
    member: "resources",
  },
  searchAutomations: {
    operation: "searchAutomations",
    call: (o) => lookups.searchAutomations({ appId: "app-1" }, o),
    member: "list",
  },
  searchRoleMiningSuggestions: {
    operation: "roleMiningSearch",
    call: (o) => lookups.searchRoleMiningSuggestions({ query: "eng" }, o),
    member: "list",
  },
};

/**
 * Fields the package reads differently from the document on purpose, by lookup and path (list items as `[]`).
 * Each is reported in the closing figures with its reason.
 */
export const LOOKUP_DIFFERENCES: Record<string, string> = {};

let server: AnswerServer;
beforeAll(async () => {
  server = await startAnswerServer();
});
afterAll(async () => {
  printFigures("lookups");
  await server.close();
});

describe.each(Object.entries(LOOKUPS))("lookup %s", (name, lookup) => {
  const op = wire.operations[lookup.operation];
  const variants = variantsOf(op?.response ?? {});

  it.each(FORMS)(
    `parses every answer ${lookup.operation} may give, written %s, keeping each field`,
    async (form) => {
      const differences = new Set<string>();
      for (const shape of SHAPES) {
        for (let variant = 0; variant < (shape === "empty" ? 1 : variants); variant += 1) {
          const count: FieldCount = { fields: 0 };
          const answer = buildAnswer(
            lookup.operation,
            { form, shape, variant, fixed: { nextPageToken: "" } },
            count,
          );
          server.answer(() => answer);
          const result = await lookup.call({ config: server.config });
          const expected = withoutNulls(answer[lookup.member] ?? (lookup.member === "list" ? [] : {}));
          for (const path of differingPaths(expected, result)) differences.add(path);
          recordAnswer(lookup.operation, form, count.fields);
        }
      }
      const unexplained = [...differences].filter(
        (path) => LOOKUP_DIFFERENCES[`${name} ${path}`] === undefined,
      );
      expect(unexplained).toEqual([]);
    },
  );
});

describe("list queries", () => {
  it("send only the query parameters each GET list declares, under their declared names", () => {
    const sent = server.seen.filter(
      (request) => request.method === "GET" && Object.keys(request.query).length > 0,
    );
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      const declared = (wire.operations[request.operation]?.params ?? [])
        .filter((param) => param.in === "query")
        .map((param) => param.name);
      expect({
        operation: request.operation,
        names: Object.keys(request.query).filter((key) => !declared.includes(key)),
      }).toEqual({
        operation: request.operation,
        names: [],
      });
    }
    const roleFilter = sent.find((request) => request.operation === "entitlementOwnersList");
    expect(roleFilter?.query).toMatchObject({ role_slug: "owner" });
  });
});
