import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { ApiSession, control, requestToken, sendRequest } from "../../emulator/testing";

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ clientId: "ci-bot@acme.example.com/pcc", clientSecret: "s3cret" });
});
afterAll(() => emulator.close());

const credentials = { clientId: "ci-bot@acme.example.com/pcc", clientSecret: "s3cret" };

describe("token endpoint", () => {
  it("answers a bearer token for the configured client credentials sent in the form body", async () => {
    const answer = await requestToken(emulator.url, credentials);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ access_token: expect.any(String), token_type: "Bearer", expires_in: 3600 });
  });

  it("answers 401 naming bad credentials for a wrong secret", async () => {
    const answer = await requestToken(emulator.url, { ...credentials, clientSecret: "wrong" });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 16, message: "invalid client credentials", details: [] });
  });

  it("answers 401 saying credentials go in the body when they come in a Basic header", async () => {
    const answer = await sendRequest(`${emulator.url}/auth/v1/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from("ci-bot@acme.example.com/pcc:s3cret").toString("base64")}`,
      },
      body: "grant_type=client_credentials",
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({
      code: 16,
      message:
        "client credentials go in the request body (client_id, client_secret), not in the Authorization header",
    });
  });

  it.each([
    [
      "grant_type=password&client_id=a&client_secret=b",
      'unsupported grant_type "password": only client_credentials and urn:ietf:params:oauth:grant-type:token-exchange are supported',
    ],
    ["client_id=a&client_secret=b", "grant_type is required"],
    ["grant_type=client_credentials&client_secret=b", "client_id is required"],
    ["grant_type=client_credentials&client_id=a", "client_secret is required"],
  ])("answers 400 for the form %s", async (form, message) => {
    const answer = await sendRequest(`${emulator.url}/auth/v1/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 3, message, details: [] });
  });

  it("answers 400 when the token request is JSON instead of a form", async () => {
    const answer = await sendRequest(`${emulator.url}/auth/v1/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials" }),
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toBe(
      'unsupported Content-Type "application/json": the token request is application/x-www-form-urlencoded',
    );
  });
});

describe("bearer tokens on API calls", () => {
  it("answers 401 when the Authorization header is missing", async () => {
    const answer = await sendRequest(`${emulator.url}/api/v1/apps`);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      code: 16,
      message: "missing Authorization header: send Authorization: Bearer <access_token>",
      details: [],
    });
  });

  it("answers 401 for a token the emulator never issued", async () => {
    const answer = await sendRequest(`${emulator.url}/api/v1/apps`, {
      headers: { authorization: "Bearer nope" },
    });
    expect(answer.status).toBe(401);
    expect((answer.body as { message: string }).message).toBe("invalid access token");
  });

  it("answers 200 with a valid token", async () => {
    const session = new ApiSession(emulator.url, credentials);
    expect((await session.get("/api/v1/apps")).status).toBe(200);
  });

  it("answers 401 saying the token expired once its lifetime has passed", async () => {
    await control(emulator.url, "POST", "faults", { tokenTtlSeconds: 1 });
    const token = await requestToken(emulator.url, credentials);
    expect((token.body as { expires_in: number }).expires_in).toBe(1);
    const accessToken = (token.body as { access_token: string }).access_token;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const answer = await sendRequest(`${emulator.url}/api/v1/apps`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await control(emulator.url, "POST", "faults", {});
    expect(answer.status).toBe(401);
    expect((answer.body as { message: string }).message).toBe("access token expired: request a new token");
  });
});

describe("the expire-tokens switch", () => {
  it("makes every token issued so far answer 401 expired, while tokens issued after it work", async () => {
    const before = new ApiSession(emulator.url, credentials);
    expect((await before.get("/api/v1/apps")).status).toBe(200);
    const switched = await control(emulator.url, "POST", "expire-tokens");
    expect(switched).toMatchObject({ status: 200, body: { expired: expect.any(Number) } });
    expect((switched.body as { expired: number }).expired).toBeGreaterThanOrEqual(1);
    const expired = await before.get("/api/v1/apps");
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe("access token expired: request a new token");
    expect((await new ApiSession(emulator.url, credentials).get("/api/v1/apps")).status).toBe(200);
  });

  it("answers 405 to anything but POST", async () => {
    expect((await control(emulator.url, "GET", "expire-tokens")).status).toBe(405);
  });
});

describe("token lifetime option", () => {
  it("answers expires_in from tokenTtlSeconds", async () => {
    const short = await startEmulator({ tokenTtlSeconds: 120 });
    try {
      const answer = await requestToken(short.url);
      expect((answer.body as { expires_in: number }).expires_in).toBe(120);
    } finally {
      await short.close();
    }
  });
});
