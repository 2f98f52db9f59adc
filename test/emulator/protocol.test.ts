import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { ApiSession, control, sendRequest } from "../../emulator/testing";

let emulator: RunningEmulator;
let api: ApiSession;

beforeAll(async () => {
  emulator = await startEmulator();
  api = new ApiSession(emulator.url);
});
afterAll(() => emulator.close());

async function raw(method: string, path: string, body: string, contentType?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${await api.accessToken()}` };
  if (contentType !== undefined) headers["content-type"] = contentType;
  return sendRequest(`${emulator.url}${path}`, { method, headers, body });
}

describe("errors and request ids", () => {
  it("answers an x-request-id header on successes, errors and test switches", async () => {
    const ok = await api.get("/api/v1/apps");
    const missing = await api.get("/api/v1/apps/nope");
    const unauthenticated = await sendRequest(`${emulator.url}/api/v1/apps`);
    const switches = await control(emulator.url, "GET", "requests");
    const ids = [ok, missing, unauthenticated, switches].map((answer) => answer.headers.get("x-request-id"));
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(4);
  });

  it("answers 404 with a google.rpc.Status body for an unknown route", async () => {
    const answer = await api.get("/api/v1/widgets");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 5, message: "no route for GET /api/v1/widgets", details: [] });
  });

  it("answers 404 for a path outside /api/ and /auth/", async () => {
    const answer = await sendRequest(`${emulator.url}/`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 5, message: "no route for GET /", details: [] });
  });

  it("answers 405 with an Allow header for a wrong method on a known path", async () => {
    const answer = await api.call("PUT", "/api/v1/apps/app-github", {});
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, POST, DELETE");
    expect(answer.body).toEqual({
      code: 12,
      message: "method PUT is not allowed on /api/v1/apps/app-github",
      details: [],
    });
  });

  it("answers 400 for a malformed JSON body", async () => {
    const answer = await raw("POST", "/api/v1/apps", "{displayName:", "application/json");
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toMatch(/^malformed JSON body: /);
  });

  it("answers 400 for a JSON body that is not an object", async () => {
    const answer = await raw("POST", "/api/v1/apps", "[1,2]", "application/json");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 3, message: "invalid body: expected a JSON object", details: [] });
  });

  it("answers 400 for a body sent without the JSON content type", async () => {
    const answer = await raw("POST", "/api/v1/apps", '{"displayName":"x"}', "text/plain");
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toBe(
      'unsupported Content-Type "text/plain": send application/json',
    );
  });

  it("accepts a DELETE without a body as an empty JSON object", async () => {
    const created = await api.post("/api/v1/apps", { displayName: "Short-lived" });
    const answer = await raw("DELETE", `/api/v1/apps/${created.body.app.id}`, "");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({});
  });

  it("answers 404 for a missing id and keeps percent-encoded ids in one path segment", async () => {
    const answer = await api.get("/api/v1/apps/a%2Fb");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 5, message: 'app "a/b" not found', details: [] });
  });
});
