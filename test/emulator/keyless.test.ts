import { createPrivateKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type LoggedRequest, type RunningEmulator } from "../../emulator/index";
import { control, sendRequest } from "../../emulator/testing";
import { keyFormSecret, LocalIssuer, signJwt } from "../../emulator/testKeys";

const CLIENT_ID = "ci-bot@acme.example.com/pcc";
const JWT_BEARER = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const JWT_TYPE = "urn:ietf:params:oauth:token-type:jwt";
const AUDIENCE = "idgov-e2e";

const secret = keyFormSecret();
const clientKey = privateKeyOf(secret);
const issuer = new LocalIssuer();
let emulator: RunningEmulator;
let strict: RunningEmulator;

function privateKeyOf(keySecret: string): KeyObject {
  const jwk = JSON.parse(Buffer.from(keySecret.split(":")[3] ?? "", "base64url").toString("utf8"));
  return createPrivateKey({ key: jwk, format: "jwk" });
}

beforeAll(async () => {
  const trust = { oidcIssuerKey: issuer.publicKeyPem, oidcAudience: AUDIENCE, oidcIssuer: issuer.issuer };
  emulator = await startEmulator({ clientId: CLIENT_ID, clientSecret: secret, ...trust });
  strict = await startEmulator({ clientId: CLIENT_ID, clientSecret: secret, requireClientAssertion: true });
});
afterAll(async () => {
  await emulator.close();
  await strict.close();
});

function token(baseUrl: string, form: Record<string, string>) {
  return sendRequest(`${baseUrl}/auth/v1/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

/** Claims of a valid assertion for the emulator at 127.0.0.1, with `overrides` (undefined removes a claim). */
function assertionClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: CLIENT_ID,
    sub: CLIENT_ID,
    aud: "127.0.0.1",
    iat: now,
    nbf: now - 120,
    exp: now + 120,
    jti: `jti-${Math.random()}`,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
}

const withAssertion = (assertion: string) => ({
  grant_type: "client_credentials",
  client_id: CLIENT_ID,
  client_assertion_type: JWT_BEARER,
  client_assertion: assertion,
});

describe("client assertions for a key-form client secret", () => {
  it("answers a token for an assertion signed with the client's key", async () => {
    const answer = await token(emulator.url, withAssertion(signJwt(assertionClaims(), clientKey)));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ access_token: expect.any(String), token_type: "Bearer" });
  });

  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    [
      "signed with another key",
      () => signJwt(assertionClaims(), generateKeyPairSync("ed25519").privateKey),
      "client assertion: the signature does not verify with the client's key",
    ],
    [
      "signed with RS256",
      () => signJwt(assertionClaims(), generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey),
      "client assertion: alg must be EdDSA",
    ],
    ["not a JWT", () => "not-a-jwt", "client assertion: not a compact JWT (header.payload.signature)"],
    [
      "issued by another client",
      () => signJwt(assertionClaims({ iss: "other@acme.example.com/pcc" }), clientKey),
      "client assertion: iss and sub must both be the client id",
    ],
    [
      "about another subject",
      () => signJwt(assertionClaims({ sub: "someone" }), clientKey),
      "client assertion: iss and sub must both be the client id",
    ],
    [
      "for another audience",
      () => signJwt(assertionClaims({ aud: "acme.example.com" }), clientKey),
      'client assertion: aud must be the tenant host "127.0.0.1"',
    ],
    [
      "expired",
      () => signJwt(assertionClaims({ iat: now() - 200, exp: now() - 1 }), clientKey),
      "client assertion: expired (exp has passed)",
    ],
    [
      "without exp",
      () => signJwt(assertionClaims({ exp: undefined }), clientKey),
      "client assertion: exp is required (a number)",
    ],
    [
      "not valid yet",
      () => signJwt(assertionClaims({ nbf: now() + 60 }), clientKey),
      "client assertion: not valid yet (nbf is in the future)",
    ],
    [
      "living too long",
      () => signJwt(assertionClaims({ exp: now() + 3600 }), clientKey),
      "client assertion: lives longer than 300 s (exp - iat)",
    ],
    [
      "without iat",
      () => signJwt(assertionClaims({ iat: undefined }), clientKey),
      "client assertion: iat is required (a number)",
    ],
    [
      "without jti",
      () => signJwt(assertionClaims({ jti: undefined }), clientKey),
      "client assertion: jti is required",
    ],
  ])("answers 401 naming the rule for an assertion %s", async (_case, assertion, message) => {
    const answer = await token(emulator.url, withAssertion(assertion()));
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 16, message, details: [] });
  });

  it("answers 401 for an assertion sent a second time (its jti was used)", async () => {
    const assertion = signJwt(assertionClaims(), clientKey);
    expect((await token(emulator.url, withAssertion(assertion))).status).toBe(200);
    const replay = await token(emulator.url, withAssertion(assertion));
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({
      message: "client assertion: jti was used before (a replayed assertion)",
    });
  });

  it("answers 400 for another client_assertion_type, and for both a secret and an assertion", async () => {
    const assertion = signJwt(assertionClaims(), clientKey);
    const wrongType = await token(emulator.url, {
      ...withAssertion(assertion),
      client_assertion_type: "saml",
    });
    expect(wrongType).toMatchObject({
      status: 400,
      body: { message: `client_assertion_type must be ${JWT_BEARER}` },
    });
    const both = await token(emulator.url, { ...withAssertion(assertion), client_secret: secret });
    expect(both).toMatchObject({
      status: 400,
      body: { message: "send client_secret or client_assertion, not both" },
    });
  });

  it("accepts the key-form secret itself unless told to require assertions", async () => {
    const plain = { grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: secret };
    expect((await token(emulator.url, plain)).status).toBe(200);
    const refused = await token(strict.url, plain);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      message: "this client must sign a client assertion (client_assertion); its secret is refused",
    });
    expect((await token(strict.url, withAssertion(signJwt(assertionClaims(), clientKey)))).status).toBe(200);
  });

  it("refuses to start with a key-form secret whose JWK is not an Ed25519 private key", async () => {
    const publicOnly = `secret-token:x:v1:${Buffer.from('{"kty":"OKP","crv":"Ed25519","x":"AA"}').toString("base64url")}`;
    await expect(startEmulator({ clientSecret: publicOnly })).rejects.toThrow(
      "clientSecret has the key form, but its JWK is not an Ed25519 private key",
    );
  });

  it("answers 401 to an assertion for a client whose secret is not a key", async () => {
    const plainClient = await startEmulator({ clientId: CLIENT_ID, clientSecret: "s3cret" });
    try {
      const answer = await token(plainClient.url, withAssertion(signJwt(assertionClaims(), clientKey)));
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({
        message: "this client has no key to verify a client assertion: send client_secret",
      });
    } finally {
      await plainClient.close();
    }
  });
});

const exchange = (subjectToken: string, overrides: Record<string, string> = {}) => ({
  grant_type: TOKEN_EXCHANGE,
  subject_token: subjectToken,
  subject_token_type: JWT_TYPE,
  client_id: CLIENT_ID,
  ...overrides,
});

describe("OIDC token exchange with a trusted issuer", () => {
  it("answers a token for an identity token of the trusted issuer for the configured audience", async () => {
    const answer = await token(emulator.url, exchange(issuer.mint(AUDIENCE)));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 3600,
    });
    const api = await sendRequest(`${emulator.url}/api/v1/apps`, {
      headers: { authorization: `Bearer ${(answer.body as { access_token: string }).access_token}` },
    });
    expect(api.status).toBe(200);
  });

  it.each([
    [
      "signed by another issuer",
      () => new LocalIssuer().mint(AUDIENCE),
      "subject token: the signature does not verify with the trusted issuer's key",
    ],
    [
      "for another audience",
      () => issuer.mint("someone-else"),
      `subject token: aud must include "${AUDIENCE}"`,
    ],
    ["expired", () => issuer.mint(AUDIENCE, -1), "subject token: expired (exp has passed)"],
    [
      "not valid yet",
      () => issuer.mint(AUDIENCE, 600, { nbf: Math.floor(Date.now() / 1000) + 300 }),
      "subject token: not valid yet (nbf is in the future)",
    ],
    [
      "from another iss",
      () => issuer.mint(AUDIENCE, 300, { iss: "https://evil.example" }),
      `subject token: iss must be "${issuer.issuer}"`,
    ],
  ])("answers 401 naming the rule for an identity token %s", async (_case, subject, message) => {
    const answer = await token(emulator.url, exchange(subject()));
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 16, message, details: [] });
  });

  it("answers 401 for a token of another client id, 400 for a missing or untyped subject token", async () => {
    const other = await token(emulator.url, exchange(issuer.mint(AUDIENCE), { client_id: "other@x/y" }));
    expect(other).toMatchObject({ status: 401, body: { message: "unknown client_id" } });
    const missing = await token(emulator.url, exchange(""));
    expect(missing).toMatchObject({ status: 400, body: { message: "subject_token is required" } });
    const untyped = await token(emulator.url, exchange(issuer.mint(AUDIENCE), { subject_token_type: "x" }));
    expect(untyped).toMatchObject({
      status: 400,
      body: { message: `subject_token_type must be ${JWT_TYPE}` },
    });
  });

  it("answers 400 when no issuer is trusted", async () => {
    const answer = await token(strict.url, exchange(issuer.mint(AUDIENCE)));
    expect(answer).toMatchObject({
      status: 400,
      body: { message: "token exchange is not enabled: no trusted OIDC issuer is configured" },
    });
  });
});

describe("the request log", () => {
  it("shows the token forms with the assertion and the subject token redacted", async () => {
    await control(emulator.url, "DELETE", "requests");
    const assertion = signJwt(assertionClaims(), clientKey);
    const subjectToken = issuer.mint(AUDIENCE);
    await token(emulator.url, withAssertion(assertion));
    await token(emulator.url, exchange(subjectToken));
    const log = await control(emulator.url, "GET", "requests");
    const requests = (log.body as { requests: LoggedRequest[] }).requests;
    expect(requests.map((entry) => entry.body)).toEqual([
      { ...withAssertion(assertion), client_assertion: "[redacted]" },
      { ...exchange(subjectToken), subject_token: "[redacted]" },
    ]);
    expect(JSON.stringify(log.body)).not.toContain(assertion.split(".")[2]);
  });
});
