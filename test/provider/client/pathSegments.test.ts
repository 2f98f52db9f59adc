/**
 * Ids become path segments: whatever an id is (typed by a user or answered by the service), a request either goes to
 * its intended route with the id as exactly one segment, or is refused before anything is sent.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdgovClient } from "../../../provider/client/client";
import { resolveProviderConfig } from "../../../provider/client/config";
import { checkInputs } from "../../../provider/engine/check";
import { IdgovError } from "../../../provider/errors";
import { apiPath } from "../../../provider/client/paths";
import { appResourceId } from "../../../provider/kinds/appResource";
import { kindNamed } from "../../../provider/kinds";
import { FAST_RETRIES, rejectionOf } from "./harness";

let server: Server;
let client: IdgovClient;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.url ?? "");
    response.writeHead(200, { "content-type": "application/json" });
    response.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tenant`;
  client = new IdgovClient(
    resolveProviderConfig(undefined, { IDGOV_BASE_URL: url, IDGOV_ACCESS_TOKEN: "t0ken" }),
    FAST_RETRIES,
  );
});
afterAll(async () => {
  await client.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const REFUSED = ["", ".", ".."];
const HOSTILE = [
  "%2e",
  "%2E%2E",
  ".%2e",
  "..%2F",
  "../..",
  "a/../../b",
  "..\\..",
  "\\",
  "..;",
  "...",
  " ..",
  ".. ",
  "?page_size=1",
  "#frag",
  "%",
  "\u0000",
  "é/..",
  "v1.2",
];

describe("path segments", () => {
  it.each(REFUSED)("refuses the id %j before any request", async (id) => {
    const before = seen.length;
    const error = await rejectionOf(
      (async () => client.request({ method: "GET", path: apiPath`/api/v1/apps/${id}` }))(),
    );
    expect(error).toBeInstanceOf(IdgovError);
    expect(error.message).toMatch(
      /^path parameter 1 in \/api\/v1\/apps\/\$\{…\} is (empty|"\.{1,2}", which would leave its route): an id is required$/,
    );
    expect(seen.length).toBe(before);
  });

  it("sends every other id as exactly one segment of its route, which the server decodes back to the id", async () => {
    for (const id of HOSTILE) {
      await client.request({ method: "DELETE", path: apiPath`/api/v1/apps/${id}/owners` });
      const url = seen.at(-1)!;
      const match = /^\/tenant\/api\/v1\/apps\/([^/?#]+)\/owners$/.exec(url);
      expect(match, `${JSON.stringify(id)} reached ${url}`).not.toBeNull();
      expect(decodeURIComponent(match![1]!)).toBe(id);
    }
  });

  it('refuses an id the service answered (an app resource\'s app id "..") before reading it', async () => {
    const before = seen.length;
    const api = kindNamed("AppResource").api;
    const error = await rejectionOf(api.get(client, appResourceId("..", "type-1", "res-1")));
    expect(error.message).toContain('is "..", which would leave its route');
    expect(seen.length).toBe(before);
  });

  it.each([
    ["App", { adoptId: ".." }, "adoptId"],
    ["App", { adoptId: "." }, "adoptId"],
    ["AppResource", { appId: "..", appResourceTypeId: "t", displayName: "x" }, "appId"],
    ["AppResource", { appId: "a", appResourceTypeId: ".", displayName: "x" }, "appResourceTypeId"],
    ["AccessReviewScope", { accessReviewId: ".." }, "accessReviewId"],
  ])("check refuses %s with %j, naming %s", (kind, inputs, property) => {
    const { failures } = checkInputs(kindNamed(kind), inputs, "c1/");
    expect(failures).toContainEqual({
      property,
      reason: expect.stringMatching(/^is "\.{1,2}", which would leave its route: must be an object id$/),
    });
  });
});
