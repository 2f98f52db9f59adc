import { inspect } from "node:util";
import { z } from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IdgovNotFoundError, IdgovResponseSchemaError, IdgovValidationError } from "../../../provider/errors";
import { apiPath } from "../../../provider/client/paths";
import { CLIENT_SECRET, rejectionOf, startHarness, type Harness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

/** Every way an error can end up in a log or a terminal. */
function renderings(error: Error): string[] {
  return [
    error.message,
    String(error),
    JSON.stringify(error),
    inspect(error),
    inspect(error, { depth: 5 }),
    error.stack ?? "",
  ];
}

async function issueToken(): Promise<string> {
  const answer = await fetch(`${harness.url}/auth/v1/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `grant_type=client_credentials&client_id=idgov-emulator&client_secret=${CLIENT_SECRET}`,
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

describe("API errors", () => {
  it("maps a 404 to IdgovNotFoundError carrying the request id the service sent", async () => {
    const client = harness.client();
    const error = await rejectionOf(
      client.request({ method: "GET", path: apiPath`/api/v1/apps/${"no-such-app"}` }),
    );

    expect(error).toBeInstanceOf(IdgovNotFoundError);
    const notFound = error as IdgovNotFoundError;
    expect(notFound).toMatchObject({
      status: 404,
      grpcCode: 5,
      grpcStatus: "NOT_FOUND",
      method: "GET",
      path: "/api/v1/apps/no-such-app",
      serverMessage: 'app "no-such-app" not found',
    });
    expect(notFound.requestId).toMatch(/^\S+$/);
    expect(notFound.message).toBe(
      `GET /api/v1/apps/no-such-app: 404 NOT_FOUND: app "no-such-app" not found (request id ${notFound.requestId})`,
    );
  });

  it("names the operation when the caller labels the request", async () => {
    const client = harness.client();
    const error = await rejectionOf(
      client.request({
        method: "POST",
        path: "/api/v1/apps",
        body: { displayName: 7 },
        operation: "create App web",
      }),
    );

    expect(error).toBeInstanceOf(IdgovValidationError);
    expect(error.message).toMatch(
      /^create App web: 400 INVALID_ARGUMENT: invalid body: displayName: expected string \(request id \S+\)$/,
    );
  });

  it("keeps an id with a slash in one path segment", async () => {
    const client = harness.client();
    const error = await rejectionOf(client.request({ method: "GET", path: apiPath`/api/v1/apps/${"a/b"}` }));

    expect((error as IdgovNotFoundError).serverMessage).toBe('app "a/b" not found');
    expect((await harness.requestLines()).at(-1)).toBe("GET /api/v1/apps/a%2Fb 404");
  });
});

describe("response schemas", () => {
  it("answers the parsed body when it matches the schema", async () => {
    const client = harness.client();
    const created = await client.requestParsed(
      { method: "POST", path: "/api/v1/apps", body: { displayName: "parsed" } },
      z.object({ app: z.object({ id: z.string(), displayName: z.string() }) }),
    );
    expect(created.app.displayName).toBe("parsed");
  });

  it("throws IdgovResponseSchemaError with the issue path and request id, never the body", async () => {
    const client = harness.client();
    const error = await rejectionOf(
      client.requestParsed(
        { method: "GET", path: "/api/v1/apps" },
        z.object({ list: z.array(z.object({ id: z.number() })) }),
      ),
    );

    expect(error).toBeInstanceOf(IdgovResponseSchemaError);
    const schemaError = error as IdgovResponseSchemaError;
    expect(schemaError.issues[0]).toEqual({
      path: "list.0.id",
      message: "Invalid input: expected number, received string",
    });
    expect(schemaError.requestId).toMatch(/^\S+$/);
    expect(schemaError.message).toMatch(
      /^GET \/api\/v1\/apps: unexpected response: list\.0\.id: Invalid input: expected number, received string; .* \(request id \S+\)$/,
    );
  });
});

describe("redaction", () => {
  it("keeps the client secret out of an error whose path and server message contain it", async () => {
    const client = harness.client();
    const error = await rejectionOf(
      client.request({ method: "GET", path: apiPath`/api/v1/apps/${CLIENT_SECRET}` }),
    );

    expect(error).toBeInstanceOf(IdgovNotFoundError);
    expect(error.message).toMatch(
      /^GET \/api\/v1\/apps\/\[REDACTED\]: 404 NOT_FOUND: app "\[REDACTED\]" not found/,
    );
    for (const text of renderings(error)) expect(text).not.toContain(CLIENT_SECRET);
  });

  it("keeps the access token out of an error whose path and server message contain it", async () => {
    const token = await issueToken();
    const client = harness.staticTokenClient(token);
    const error = await rejectionOf(
      client.request({ method: "GET", path: apiPath`/api/v1/apps/${token}`, operation: `read App ${token}` }),
    );

    expect(error.message).toMatch(/^read App \[REDACTED\]: 404 NOT_FOUND: app "\[REDACTED\]" not found/);
    for (const text of renderings(error)) expect(text).not.toContain(token);
  });
});
