import { describe, expect, it } from "vitest";
import { IdgovError } from "../../../provider/errors";
import { apiPath } from "../../../provider/client/paths";

describe("apiPath", () => {
  it.each([
    ["a plain id", "app-123", "/api/v1/apps/app-123"],
    ["a slash", "a/b", "/api/v1/apps/a%2Fb"],
    ["a query or fragment character", "a?b#c", "/api/v1/apps/a%3Fb%23c"],
    ["a percent sign", "50%", "/api/v1/apps/50%25"],
    ["a space and non-ASCII", "é x", "/api/v1/apps/%C3%A9%20x"],
    ["three dots", "...", "/api/v1/apps/..."],
    ["dots inside an id", "v1.2", "/api/v1/apps/v1.2"],
  ])("percent-encodes %s so the id stays one segment", (_case, id, want) => {
    expect(apiPath`/api/v1/apps/${id}`).toBe(want);
  });

  it("encodes each of several ids", () => {
    expect(apiPath`/api/v1/apps/${"a/1"}/resource_types/${"t 2"}/resources/${"r"}`).toBe(
      "/api/v1/apps/a%2F1/resource_types/t%202/resources/r",
    );
  });

  it("throws naming the parameter when an id is empty", () => {
    expect(() => apiPath`/api/v1/apps/${"a"}/resource_types/${""}`).toThrow(
      new IdgovError("path parameter 2 in /api/v1/apps/${…}/resource_types/${…} is empty: an id is required"),
    );
  });

  it("throws when an id is not a string at run time", () => {
    const id = undefined as unknown as string;
    expect(() => apiPath`/api/v1/apps/${id}`).toThrow(
      "path parameter 1 in /api/v1/apps/${…} is not a string (undefined): an id is required",
    );
  });
});
