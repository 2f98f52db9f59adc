import { describe, expect, it } from "vitest";
import * as lookups from "../../../resources";
import { IdgovArgumentError } from "../../../resources";
import { useLookupEmulator } from "./harness";

const suite = useLookupEmulator();

type Call = (options: lookups.LookupOptions) => Promise<unknown>;
const untyped = (value: unknown) => value as never;

const MISSING: [string, Call, string][] = [
  [
    "listAppOwners without appId",
    (o) => lookups.listAppOwners(untyped({}), o),
    "listAppOwners: appId is required",
  ],
  [
    "listAppOwners with an empty appId",
    (o) => lookups.listAppOwners({ appId: "" }, o),
    "listAppOwners: appId is required",
  ],
  [
    "listAppOwners with a blank appId",
    (o) => lookups.listAppOwners({ appId: "  " }, o),
    "listAppOwners: appId is required (got only whitespace)",
  ],
  [
    "listAppEntitlementOwners without appId",
    (o) => lookups.listAppEntitlementOwners(untyped({ roleSlug: "owner" }), o),
    "listAppEntitlementOwners: appId is required",
  ],
  [
    "listMcpResources without connectorId",
    (o) => lookups.listMcpResources(untyped({ appId: "app-ai-agents" }), o),
    "listMcpResources: connectorId is required",
  ],
  [
    "listMcpResources with an empty appId",
    (o) => lookups.listMcpResources({ appId: "", connectorId: "conn-mcp-docs" }, o),
    "listMcpResources: appId is required",
  ],
  ["getApp without id", (o) => lookups.getApp(untyped(undefined), o), "getApp: id is required"],
  [
    "getRequestCatalog with an empty id",
    (o) => lookups.getRequestCatalog({ id: "" }, o),
    "getRequestCatalog: id is required",
  ],
  [
    "getAutomation with a null id",
    (o) => lookups.getAutomation(untyped({ id: null }), o),
    "getAutomation: id is required",
  ],
  [
    "getAuthConfig with a numeric id",
    (o) => lookups.getAuthConfig(untyped({ id: 7 }), o),
    "getAuthConfig: id must be a string (got number)",
  ],
  [
    "getAppResource without appResourceTypeId",
    (o) => lookups.getAppResource(untyped({ appId: "app-github", id: "res-github-web" }), o),
    "getAppResource: appResourceTypeId is required",
  ],
  [
    "getSessionPolicy with an empty id",
    (o) => lookups.getSessionPolicy({ id: "" }, o),
    "getSessionPolicy: id is required",
  ],
  [
    "getCredentialInventoryPolicy without id",
    (o) => lookups.getCredentialInventoryPolicy(untyped({}), o),
    "getCredentialInventoryPolicy: id is required",
  ],
  [
    "getSecretMetadata with an empty vaultId",
    (o) => lookups.getSecretMetadata({ vaultId: "" }, o),
    "getSecretMetadata: vaultId is required",
  ],
];

const MALFORMED: [string, Call, string][] = [
  [
    "an unknown argument",
    (o) => lookups.getApp(untyped({ id: "app-aws", name: "AWS" }), o),
    'getApp: name is not an argument (got "name"; known: id)',
  ],
  [
    "a page size above 100",
    (o) => lookups.listAppOwners({ appId: "app-github", pageSize: 500 }, o),
    "listAppOwners: pageSize must be a whole number from 1 to 100 (got 500)",
  ],
  [
    "a limit of 0",
    (o) => lookups.listMcpResources({ appId: "a", connectorId: "c", limit: 0 }, o),
    "listMcpResources: limit must be a whole number from 1 to 9007199254740991 (got 0)",
  ],
  [
    "a status without its prefix",
    (o) => lookups.searchAutomations({ statuses: ["AUTOMATION_STATUS_FILTER_ON", "OFF"] }, o),
    'searchAutomations: statuses.1 must be an enumeration value starting with AUTOMATION_STATUS_FILTER_ (got "OFF")',
  ],
  [
    "a sort direction without its prefix",
    (o) => lookups.searchAutomations({ direction: "DESC" }, o),
    'searchAutomations: direction must be an enumeration value starting with SORT_DIRECTION_ (got "DESC")',
  ],
  [
    "isDraft that is not a boolean",
    (o) => lookups.searchAutomations(untyped({ isDraft: "yes" }), o),
    "searchAutomations: isDraft is invalid: expected boolean, received string",
  ],
  [
    "a state without its prefix",
    (o) => lookups.searchRoleMiningSuggestions({ states: ["NEW"] }, o),
    'searchRoleMiningSuggestions: states.0 must be an enumeration value starting with SUGGESTION_STATE_ (got "NEW")',
  ],
  [
    "cohortTypes that is not a list",
    (o) => lookups.searchRoleMiningSuggestions(untyped({ cohortTypes: "department" }), o),
    "searchRoleMiningSuggestions: cohortTypes is invalid: expected array, received string",
  ],
];

describe("lookup arguments are checked before any request", () => {
  it.each([...MISSING, ...MALFORMED])(
    "%s fails naming it, with zero requests",
    async (_name, call, message) => {
      const error = await call(suite.options).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(IdgovArgumentError);
      expect((error as Error).message).toBe(message);
      expect(await suite.requests()).toEqual([]);
    },
  );

  it("names the lookup and the argument on the error", async () => {
    const error = (await lookups
      .listMcpResources(untyped({ appId: "x" }), suite.options)
      .catch((caught) => caught)) as IdgovArgumentError;
    expect(error.toJSON()).toEqual({
      name: "IdgovArgumentError",
      message: "listMcpResources: connectorId is required",
      lookup: "listMcpResources",
      argument: "connectorId",
    });
  });

  it("fails an Output twin the same way, with zero requests", async () => {
    const output = lookups.getSessionPolicyOutput({ id: Promise.resolve("") }, suite.options);
    const settled = output as unknown as {
      promise(): Promise<unknown>;
      isKnown: Promise<boolean>;
      isSecret: Promise<boolean>;
    };
    await Promise.allSettled([settled.isKnown, settled.isSecret]);
    const error = await settled.promise().catch((caught: unknown) => caught);
    expect((error as Error).message).toBe("getSessionPolicy: id is required");
    expect(await suite.requests()).toEqual([]);
  });
});
