import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulatorSuite";
import { SEED } from "../../emulator/index";

const suite = useEmulator();

const MCP = `/api/v1/apps/${SEED.mcp.appId}/connectors/${SEED.mcp.connectorId}/mcp_resources`;
const ROLE_MINING = "/api/v1/search/role-mining/suggestions";

describe("page size (spec 8.2)", () => {
  it.each([
    ["unset", "", 25],
    ["0", "?page_size=0", 25],
    ["-1", "?page_size=-1", 10],
    ["-500", "?page_size=-500", 10],
    ["1", "?page_size=1", 10],
    ["9", "?page_size=9", 10],
    ["10", "?page_size=10", 10],
    ["37", "?page_size=37", 37],
    ["100", "?page_size=100", 100],
    ["101", "?page_size=101", 100],
    ["5000", "?page_size=5000", 100],
  ])("a GET list with page_size %s (%s) answers %i items", async (_name, query, expected) => {
    const answer = await suite.api.get(`${MCP}${query}`);
    expect(answer.body.resources).toHaveLength(expected);
  });

  it.each([
    ["unset", {}, 25],
    ["0", { pageSize: 0 }, 25],
    ["4", { pageSize: 4 }, 10],
    ["-3", { pageSize: -3 }, 10],
    ["17", { pageSize: 17 }, 17],
    ["1000", { pageSize: 1000 }, SEED.roleMining.count],
  ])("a POST search with pageSize %s (%j) answers %i items", async (_name, body, expected) => {
    const answer = await suite.api.post(ROLE_MINING, body);
    expect(answer.body.list).toHaveLength(expected);
  });

  it.each([
    ["?page_size=abc", 'page_size: expected an integer, got "abc"'],
    ["?page_size=2.5", 'page_size: expected an integer, got "2.5"'],
  ])("a GET list answers 400 for %s", async (query, message) => {
    expect((await suite.api.get(`${MCP}${query}`)).body).toEqual({ code: 3, message, details: [] });
  });

  it("a POST search answers 400 for a fractional pageSize", async () => {
    expect((await suite.api.post(ROLE_MINING, { pageSize: 2.5 })).body).toEqual({
      code: 3,
      message: "invalid body: pageSize: expected an integer (int32)",
      details: [],
    });
  });
});

describe("page tokens (spec 8.5)", () => {
  it("hands out a token while more results exist and an empty one at the end", async () => {
    const first = await suite.api.get(`${MCP}?page_size=100`);
    expect(first.body.nextPageToken).toMatch(/^[A-Za-z0-9_-]+$/);
    const last = await suite.api.get(`${MCP}?page_size=100&page_token=${first.body.nextPageToken}`);
    expect([last.body.resources.length, last.body.nextPageToken]).toEqual([SEED.mcp.count - 100, ""]);
  });

  it("treats an empty page_token as the first page", async () => {
    const first = await suite.api.get(`${MCP}?page_size=10`);
    const empty = await suite.api.get(`${MCP}?page_size=10&page_token=`);
    expect(empty.body).toEqual(first.body);
  });

  it("answers 400 naming the camelCase pageSize and pageToken query names (reference 5.4: only page_size, page_token)", async () => {
    const answer = await suite.api.get(`${MCP}?pageSize=10&pageToken=x`);
    expect([answer.status, answer.body.message]).toEqual([
      400,
      'unknown query parameters "pageSize", "pageToken" (GET /api/v1/apps/{app_id}/connectors/{connector_id}/mcp_resources takes page_size, page_token)',
    ]);
  });

  it.each([
    ["text that is not a token", () => "not a token"],
    ["base64 of an empty object", () => "e30"],
    ["a token with another offset", (token: string) => token.slice(0, -2)],
  ])("answers 400 for %s", async (_name, forge) => {
    const first = await suite.api.get(`${MCP}?page_size=10`);
    const token = forge(first.body.nextPageToken);
    const answer = await suite.api.get(`${MCP}?page_token=${encodeURIComponent(token)}`);
    expect(answer.body).toEqual({ code: 3, message: `invalid page_token "${token}"`, details: [] });
  });

  it("answers 400 for a token of another listing", async () => {
    const mcp = await suite.api.get(`${MCP}?page_size=10`);
    const answer = await suite.api.get(`/api/v1/apps/app-github/owners?page_token=${mcp.body.nextPageToken}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`invalid page_token "${mcp.body.nextPageToken}"`);
  });

  it("accepts a token with another page size for the same listing", async () => {
    const first = await suite.api.post(ROLE_MINING, { pageSize: 10 });
    const next = await suite.api.post(ROLE_MINING, { pageSize: 25, pageToken: first.body.nextPageToken });
    expect([next.body.list.length, next.body.nextPageToken]).toEqual([20, ""]);
  });
});
