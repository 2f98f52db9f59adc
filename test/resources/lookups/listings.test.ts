import { describe, expect, it } from "vitest";
import {
  listAppEntitlementOwners,
  listAppOwners,
  listMcpResources,
  searchRoleMiningSuggestions,
} from "../../../resources";
import { SEED } from "../../../emulator";
import { ApiSession } from "../../../emulator/testing";
import { useLookupEmulator } from "./harness";

const suite = useLookupEmulator();

const MCP_PATH = `/api/v1/apps/${SEED.mcp.appId}/connectors/${SEED.mcp.connectorId}/mcp_resources`;

/** The MCP resource ids in the service's order, read straight from the emulator in one page of 100 and one of 37. */
async function serviceOrder(): Promise<string[]> {
  const api = new ApiSession(suite.url);
  const first = await api.get(`${MCP_PATH}?page_size=100`);
  const second = await api.get(`${MCP_PATH}?page_size=100&page_token=${first.body.nextPageToken}`);
  return [...first.body.resources, ...second.body.resources].map((resource: { id: string }) => resource.id);
}

describe("listMcpResources", () => {
  it("answers every one of the 137 resources once, in the service's order, across pages of 10", async () => {
    const expected = await serviceOrder();
    const resources = await listMcpResources(
      { appId: SEED.mcp.appId, connectorId: SEED.mcp.connectorId, pageSize: 10 },
      suite.options,
    );
    expect(resources.map((resource) => resource.id)).toEqual(expected);
    expect(expected).toHaveLength(SEED.mcp.count);
    expect(new Set(expected).size).toBe(SEED.mcp.count);
  });

  it("follows nextPageToken with one GET per page of 100 by default", async () => {
    await listMcpResources({ appId: SEED.mcp.appId, connectorId: SEED.mcp.connectorId }, suite.options);
    const queries = (await suite.requests())
      .filter((entry) => entry.path === MCP_PATH)
      .map((entry) => entry.query);
    expect(queries).toEqual([
      { page_size: "100" },
      { page_size: "100", page_token: expect.stringMatching(/^\S+$/) },
    ]);
  });

  it("stops at limit without fetching a further page", async () => {
    const resources = await listMcpResources(
      { appId: SEED.mcp.appId, connectorId: SEED.mcp.connectorId, limit: 12 },
      suite.options,
    );
    expect(resources.map((resource) => resource.id)).toEqual((await serviceOrder()).slice(0, 12));
    expect(await suite.apiLines()).toEqual([`GET ${MCP_PATH}`, `GET ${MCP_PATH}`, `GET ${MCP_PATH}`]);
  });

  it("keeps kinds and states the package does not know", async () => {
    const [first] = await listMcpResources(
      { appId: SEED.mcpSmall.appId, connectorId: SEED.mcpSmall.connectorId, limit: 1 },
      suite.options,
    );
    expect(first).toMatchObject({ kind: "MCP_RESOURCE_KIND_STATIC", state: "MCP_RESOURCE_STATE_APPROVED" });
  });
});

describe("listAppOwners and listAppEntitlementOwners", () => {
  it("answers the 14 owners of GitHub in the service's order across pages of 10", async () => {
    const owners = await listAppOwners({ appId: SEED.appWithOwners.appId, pageSize: 10 }, suite.options);
    expect(owners.map((owner) => owner.id)).toEqual(
      Array.from(
        { length: SEED.appWithOwners.ownerCount },
        (_, index) => `user-${String(index + 1).padStart(4, "0")}`,
      ),
    );
    expect(owners[0]).toMatchObject({ displayName: "Ada Lovelace", email: "ada.lovelace@acme.example.com" });
    expect(await suite.apiLines()).toHaveLength(2);
  });

  it("answers the entitlement rows of one role, sending role_slug in the query (its declared name)", async () => {
    const rows = await listAppEntitlementOwners({ appId: "app-github", roleSlug: "approver" }, suite.options);
    expect(rows.map((row) => [row.appEntitlement?.id, row.roleSlug])).toEqual([
      ["ent-github-repo-maintain", "approver"],
      ["ent-github-team-03", "approver"],
      ["ent-github-team-06", "approver"],
      ["ent-github-team-09", "approver"],
    ]);
    const [request] = (await suite.requests()).filter((entry) => entry.path.startsWith("/api/"));
    expect(request).toMatchObject({
      path: "/api/v2/apps/app-github/owners/entitlements",
      query: { role_slug: "approver", page_size: "100" },
    });
  });

  it("answers every row of an app when roleSlug is unset", async () => {
    const rows = await listAppEntitlementOwners({ appId: "app-github", pageSize: 10 }, suite.options);
    expect(rows).toHaveLength(SEED.entitlementOwners.count);
    expect(new Set(rows.map((row) => row.appEntitlement?.id)).size).toBe(SEED.entitlementOwners.count);
  });
});

describe("searchRoleMiningSuggestions", () => {
  it("pages by 10 by default (rule 5) and answers every suggestion once, most confident first", async () => {
    const suggestions = await searchRoleMiningSuggestions({}, suite.options);
    expect(suggestions).toHaveLength(SEED.roleMining.count);
    const confidences = suggestions.map((suggestion) => suggestion.confidence ?? 0);
    expect(confidences).toEqual([...confidences].sort((left, right) => right - left));
    const bodies = (await suite.requests())
      .filter((entry) => entry.path.startsWith("/api/"))
      .map((entry) => entry.body);
    expect(bodies).toEqual([
      { pageSize: 10 },
      { pageSize: 10, pageToken: expect.any(String) },
      { pageSize: 10, pageToken: expect.any(String) },
    ]);
  });

  it.each([
    ["a word of suggestedName", "directs", ["rms-005", "rms-015", "rms-025"]],
    ["a word of the description", "quarterly", ["rms-003", "rms-013", "rms-023"]],
    ["a cohort filter value", "Berlin", ["rms-007", "rms-017", "rms-027"]],
  ])("query matches %s (rule 6)", async (_name, query, expected) => {
    const found = await searchRoleMiningSuggestions({ query }, suite.options);
    expect(found.map((suggestion) => suggestion.id).sort()).toEqual(expected);
  });

  it("filters by states, keeping a state the package does not know", async () => {
    const found = await searchRoleMiningSuggestions(
      { states: ["SUGGESTION_STATE_SUPERSEDED"] },
      suite.options,
    );
    expect(found.map((suggestion) => suggestion.suggestionState)).toEqual(
      Array.from({ length: 6 }, () => "SUGGESTION_STATE_SUPERSEDED"),
    );
  });

  it("filters by matchTypes and cohortTypes together", async () => {
    const found = await searchRoleMiningSuggestions(
      { matchTypes: ["ACCESS_PROFILE_MATCH_TYPE_EXACT"], cohortTypes: ["department"] },
      suite.options,
    );
    expect(found.map((suggestion) => suggestion.id).sort()).toEqual(["rms-001", "rms-029"]);
  });
});
