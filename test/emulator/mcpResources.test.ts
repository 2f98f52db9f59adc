import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulatorSuite";
import { SEED } from "../../emulator/index";

const suite = useEmulator();

const path = (appId: string, connectorId: string) =>
  `/api/v1/apps/${appId}/connectors/${connectorId}/mcp_resources`;
const gateway = path(SEED.mcp.appId, SEED.mcp.connectorId);

async function walk(pageSize: number): Promise<string[]> {
  const ids: string[] = [];
  let token = "";
  do {
    const answer = await suite.api.get(`${gateway}?page_size=${pageSize}&page_token=${token}`);
    expect(answer.status).toBe(200);
    ids.push(...answer.body.resources.map((resource: { id: string }) => resource.id));
    token = answer.body.nextPageToken;
  } while (token !== "");
  return ids;
}

describe("MCP resources of a connector", () => {
  it("answers the resources under `resources`, at most 100 a page", async () => {
    const answer = await suite.api.get(`${gateway}?page_size=500`);
    expect(answer.body.resources).toHaveLength(100);
    expect(answer.body.nextPageToken).not.toBe("");
    expect(answer.body.list).toBeUndefined();
  });

  it("answers every one of the 137 resources once, in the same order whatever the page size", async () => {
    const byHundred = await walk(100);
    expect(byHundred).toHaveLength(SEED.mcp.count);
    expect(new Set(byHundred).size).toBe(SEED.mcp.count);
    expect(await walk(10)).toEqual(byHundred);
  });

  it("answers only the connector's resources, with kinds and states the spec does not list", async () => {
    const answer = await suite.api.get(path(SEED.mcpSmall.appId, SEED.mcpSmall.connectorId));
    expect(answer.body.resources).toHaveLength(SEED.mcpSmall.count);
    expect(answer.body.resources[1]).toEqual({
      id: "mcp-docs-002",
      appId: "app-ai-agents",
      connectorId: "conn-mcp-docs",
      appEntitlementId: "",
      name: "runbooks-002",
      title: "Runbooks #2",
      description: "The runbooks collection, item 2.",
      uri: "",
      uriTemplate: "mcp://conn-mcp-docs/runbooks/{id}",
      mimeType: "application/json",
      discoveryHash: expect.stringMatching(/^sha256-[0-9a-f]{8}$/),
      entitlementActive: false,
      grantCount: "0",
      kind: "MCP_RESOURCE_KIND_TEMPLATE",
      state: "MCP_RESOURCE_STATE_APPROVED",
      createdAt: "2025-11-21T09:01:00Z",
      updatedAt: "2025-12-31T09:01:00Z",
      deletedAt: null,
      lastDiscoveredAt: "2026-01-04T09:01:00Z",
    });
  });

  it.each([
    ["an unknown app", path("app-nope", SEED.mcp.connectorId), 'app "app-nope" not found'],
    ["an unknown connector", path(SEED.mcp.appId, "conn-nope"), 'connector "conn-nope" not found'],
    [
      "a connector of another app",
      path(SEED.mcp.appId, "conn-github"),
      'connector "conn-github" not found in app "app-ai-agents"',
    ],
  ])("answers 404 for %s", async (_name, route, message) => {
    expect((await suite.api.get(route)).body).toEqual({ code: 5, message, details: [] });
  });

  it("answers 400 for a token of another connector", async () => {
    const first = await suite.api.get(`${gateway}?page_size=10`);
    const answer = await suite.api.get(
      `${path(SEED.mcpSmall.appId, SEED.mcpSmall.connectorId)}?page_token=${first.body.nextPageToken}`,
    );
    expect(answer.status).toBe(400);
  });
});
