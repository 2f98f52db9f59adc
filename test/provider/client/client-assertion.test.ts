import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdgovClient } from "../../../provider/client/client";
import { resolveProviderConfig } from "../../../provider/client/config";
import { IdgovAuthError, IdgovConfigError } from "../../../provider/errors";
import { keyFormSecret } from "../../../emulator/testKeys";
import { CLIENT_ID, FAST_RETRIES, rejectionOf, startHarness, type Harness } from "./harness";

const listApps = { method: "GET", path: "/api/v1/apps" } as const;
const secret = keyFormSecret();
let harness: Harness;
let strict: Harness;

beforeAll(async () => {
  harness = await startHarness({ clientSecret: secret });
  strict = await startHarness({ clientSecret: secret, requireClientAssertion: true });
});
afterAll(async () => {
  await harness.close();
  await strict.close();
});

function decodeJwt(token: string): {
  header: Record<string, unknown>;
  claims: Record<string, number | string>;
} {
  const [header, claims] = token
    .split(".")
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, "base64url").toString()));
  return { header, claims };
}

/** A token endpoint on port 0 that keeps every form it receives and answers a token. */
async function recordingTokenEndpoint(): Promise<{ server: Server; url: string; forms: URLSearchParams[] }> {
  const forms: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      forms.push(new URLSearchParams(body));
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ access_token: `tok-${forms.length}`, token_type: "Bearer", expires_in: 1 }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, forms };
}

describe("a client secret of the key form", () => {
  it("signs a client assertion that the emulator verifies, and never sends the secret", async () => {
    const client = harness.client({ clientSecret: secret });
    await harness.clearLog();
    await client.request(listApps);

    const [tokenRequest, apiCall] = await harness.requests();
    expect(tokenRequest?.body).toEqual({
      grant_type: "client_credentials",
      client_id: CLIENT_ID,
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: "[redacted]",
    });
    expect(tokenRequest?.status).toBe(200);
    expect(apiCall?.status).toBe(200);
  });

  it("gets a token from an emulator that refuses the secret itself", async () => {
    const client = strict.client({ clientSecret: secret });
    await expect(client.request(listApps)).resolves.toBeDefined();
    expect(await strict.requestLines()).toEqual(["POST /auth/v1/token 200", "GET /api/v1/apps 200"]);
  });

  it("signs EdDSA with iss = sub = client id, aud = the tenant host without port, a 4-minute window, a fresh jti", async () => {
    const endpoint = await recordingTokenEndpoint();
    const config = resolveProviderConfig(undefined, {
      IDGOV_BASE_URL: endpoint.url.replace("127.0.0.1", "localhost"),
      IDGOV_TOKEN_URL: `${endpoint.url}/auth/v1/token`,
      IDGOV_CLIENT_ID: "ci-bot@acme.example.com/pcc",
      IDGOV_CLIENT_SECRET: secret,
    });
    const start = 1_800_000_000_000;
    let clock = start;
    const client = new IdgovClient(config, { ...FAST_RETRIES, now: () => clock });
    try {
      await client.request(listApps);
      clock += 2_000; // past the 1 s token: the next call fetches another
      await client.request(listApps);
    } finally {
      await client.close();
      endpoint.server.close();
    }
    const tokenForms = endpoint.forms.filter((form) => form.has("grant_type"));
    expect(tokenForms).toHaveLength(2);
    const [first, second] = tokenForms.map((form) => form.get("client_assertion") ?? "");
    expect([...(tokenForms[0]?.keys() ?? [])].sort()).toEqual(
      ["client_assertion", "client_assertion_type", "client_id", "grant_type"].sort(),
    );
    expect(endpoint.forms.map((form) => form.toString()).join("\n")).not.toContain(secret.slice(30, 60));
    const iat = start / 1000;
    expect(decodeJwt(first!)).toEqual({
      header: { alg: "EdDSA", typ: "JWT" },
      claims: {
        iss: "ci-bot@acme.example.com/pcc",
        sub: "ci-bot@acme.example.com/pcc",
        aud: "localhost",
        iat,
        nbf: iat - 120,
        exp: iat + 120,
        jti: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      },
    });
    expect(decodeJwt(second!).claims.jti).not.toBe(decodeJwt(first!).claims.jti);
  });

  it("renews an expired token with a new assertion (a replayed one would be refused)", async () => {
    const client = harness.client({ clientSecret: secret });
    await client.request(listApps);
    await harness.clearLog();
    await fetch(`${harness.url}/__emulator/expire-tokens`, { method: "POST" });
    await client.request(listApps);
    expect(await harness.requestLines()).toEqual([
      "GET /api/v1/apps 401",
      "POST /auth/v1/token 200",
      "GET /api/v1/apps 200",
    ]);
  });

  it("fails naming the rule when the service does not know the key, with no secret in the error", async () => {
    const otherKey = keyFormSecret();
    const client = harness.client({ clientSecret: otherKey });
    const error = await rejectionOf(client.request(listApps));
    expect(error).toBeInstanceOf(IdgovAuthError);
    expect(error.message).toMatch(
      /^POST \/auth\/v1\/token: 401 UNAUTHENTICATED: client assertion: the signature does not verify with the client's key \(request id \S+\)$/,
    );
    expect(inspect(error)).not.toContain(otherKey.slice(-40));
  });

  it.each([
    ["a JWK that is not base64url JSON", "secret-token:acme.example.com:v1:bm90LWpzb24"],
    ["no key part", "secret-token:acme.example.com:v2"],
    [
      "an RSA key",
      `secret-token:x:v1:${Buffer.from('{"kty":"RSA","n":"AQAB","e":"AQAB"}').toString("base64url")}`,
    ],
  ])("refuses a secret that starts like a key but has %s, without echoing it", (_case, badSecret) => {
    const config = resolveProviderConfig(undefined, {
      IDGOV_BASE_URL: harness.url,
      IDGOV_CLIENT_ID: CLIENT_ID,
      IDGOV_CLIENT_SECRET: badSecret,
    });
    let thrown: unknown;
    try {
      new IdgovClient(config);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IdgovConfigError);
    const error = thrown as IdgovConfigError;
    expect(error.key).toBe("idgov:clientSecret");
    expect(error.message).toBe(
      'idgov:clientSecret starts with "secret-token:" but is not a key of the form ' +
        "secret-token:<domain>:v1:<base64url Ed25519 private JWK>: copy the whole client secret again",
    );
  });
});
