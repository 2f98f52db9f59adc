import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IdgovClient } from "../../../provider/client/client";
import { resolveProviderConfig } from "../../../provider/client/config";
import { IdgovAuthError, IdgovConfigError } from "../../../provider/errors";
import { requestToken } from "../../../emulator/testing";
import { LocalIssuer } from "../../../emulator/testKeys";
import { CLIENT_ID, CLIENT_SECRET, FAST_RETRIES, rejectionOf, startHarness, type Harness } from "./harness";

const AUDIENCE = "idgov-ci";
const listApps = { method: "GET", path: "/api/v1/apps" } as const;
const EXCHANGE_FORM = {
  grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
  subject_token: "[redacted]",
  subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
  client_id: CLIENT_ID,
};
const issuer = new LocalIssuer();
let harness: Harness;
let dir: string;
let tokenFile: string;
const clients: IdgovClient[] = [];

beforeAll(async () => {
  harness = await startHarness({ oidcIssuerKey: issuer.publicKeyPem, oidcAudience: AUDIENCE });
  dir = await mkdtemp(path.join(tmpdir(), "idgov-oidc-"));
  tokenFile = path.join(dir, "token");
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await harness.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => harness.reset());

/** A client configured only through `IDGOV_*` variables, as a pipeline sets them. */
function clientFromEnv(env: Record<string, string>): IdgovClient {
  const config = resolveProviderConfig(undefined, {
    IDGOV_BASE_URL: harness.url,
    IDGOV_CLIENT_ID: CLIENT_ID,
    ...env,
  });
  const client = new IdgovClient(config, FAST_RETRIES);
  clients.push(client);
  return client;
}

const expireTokens = () => fetch(`${harness.url}/__emulator/expire-tokens`, { method: "POST" });

describe("OIDC token exchange", () => {
  it("exchanges IDGOV_OIDC_TOKEN for an access token, sending no client secret", async () => {
    const client = clientFromEnv({ IDGOV_OIDC_TOKEN: issuer.mint(AUDIENCE) });
    await client.request(listApps);
    const [exchange, call] = await harness.requests();
    expect(exchange).toMatchObject({ path: "/auth/v1/token", body: EXCHANGE_FORM, status: 200 });
    expect(call).toMatchObject({ path: "/api/v1/apps", status: 200 });
  });

  it("reads the token from IDGOV_OIDC_TOKEN_FILE", async () => {
    await writeFile(tokenFile, `${issuer.mint(AUDIENCE)}\n`);
    await clientFromEnv({ IDGOV_OIDC_TOKEN_FILE: tokenFile }).request(listApps);
    expect(await harness.requestLines()).toEqual(["POST /auth/v1/token 200", "GET /api/v1/apps 200"]);
  });

  it("renews a token that expires mid-run by exchanging the fresh token the file holds by then", async () => {
    await writeFile(tokenFile, issuer.mint(AUDIENCE, 2));
    const client = clientFromEnv({ IDGOV_OIDC_TOKEN_FILE: tokenFile });
    await client.request(listApps);
    await writeFile(tokenFile, issuer.mint(AUDIENCE)); // the CI system renewed it
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // the first identity token is expired now
    await expireTokens();
    await client.request(listApps);
    expect(await harness.requestLines()).toEqual([
      "POST /auth/v1/token 200",
      "GET /api/v1/apps 200",
      "GET /api/v1/apps 401",
      "POST /auth/v1/token 200",
      "GET /api/v1/apps 200",
    ]);
    expect(client.stats).toEqual({ requests: 3, retries: 1, tokenRequests: 2 });
  });

  it("renews only once: a refused fresh token fails the call naming the rule, without the token", async () => {
    await writeFile(tokenFile, issuer.mint(AUDIENCE));
    const client = clientFromEnv({ IDGOV_OIDC_TOKEN_FILE: tokenFile });
    await client.request(listApps);
    const wrongAudience = issuer.mint("someone-else");
    await writeFile(tokenFile, wrongAudience);
    await expireTokens();
    const error = await rejectionOf(client.request({ ...listApps, operation: "read App app-github" }));
    expect(error).toBeInstanceOf(IdgovAuthError);
    expect(error.message).toMatch(
      /^read App app-github: POST \/auth\/v1\/token: 401 UNAUTHENTICATED: subject token: aud must include "idgov-ci" \(request id \S+\)$/,
    );
    expect(inspect(error)).not.toContain(wrongAudience.split(".")[2]);
    expect((await harness.requestLines()).slice(2)).toEqual([
      "GET /api/v1/apps 401",
      "POST /auth/v1/token 401",
    ]);
  });

  it("fails naming the key and the path when the token file cannot be read", async () => {
    const missing = path.join(dir, "missing");
    const error = await rejectionOf(clientFromEnv({ IDGOV_OIDC_TOKEN_FILE: missing }).request(listApps));
    expect(error).toBeInstanceOf(IdgovConfigError);
    expect(error.message).toBe(`idgov:oidcTokenFile: cannot read ${JSON.stringify(missing)} (ENOENT)`);
    expect(await harness.requestLines()).toEqual([]);
  });

  it("fails naming the rule for an expired identity token", async () => {
    const error = await rejectionOf(
      clientFromEnv({ IDGOV_OIDC_TOKEN: issuer.mint(AUDIENCE, -5) }).request(listApps),
    );
    expect(error.message).toMatch(/: 401 UNAUTHENTICATED: subject token: expired \(exp has passed\)/);
  });
});

describe("precedence: access token, then OIDC exchange, then client credentials", () => {
  it("exchanges the OIDC token rather than send a client secret that is also set", async () => {
    const client = clientFromEnv({
      IDGOV_OIDC_TOKEN: issuer.mint(AUDIENCE),
      IDGOV_CLIENT_SECRET: CLIENT_SECRET,
    });
    await client.request(listApps);
    expect((await harness.requests())[0]?.body).toEqual(EXCHANGE_FORM);
  });

  it("uses an access token first, and renews it through the exchange once the service refuses it", async () => {
    const accessToken = ((await requestToken(harness.url)).body as { access_token: string }).access_token;
    await harness.clearLog();
    const client = clientFromEnv({
      IDGOV_ACCESS_TOKEN: accessToken,
      IDGOV_OIDC_TOKEN: issuer.mint(AUDIENCE),
      IDGOV_CLIENT_SECRET: CLIENT_SECRET,
    });
    await client.request(listApps);
    expect(await harness.requestLines()).toEqual(["GET /api/v1/apps 200"]);
    await expireTokens();
    await client.request(listApps);
    const requests = await harness.requests();
    expect(requests.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      "GET /api/v1/apps 200",
      "GET /api/v1/apps 401",
      "POST /auth/v1/token 200",
      "GET /api/v1/apps 200",
    ]);
    expect(requests[2]?.body).toEqual(EXCHANGE_FORM);
  });

  it("sends the client credentials when no OIDC token is set", async () => {
    await clientFromEnv({ IDGOV_CLIENT_SECRET: CLIENT_SECRET }).request(listApps);
    expect((await harness.requests())[0]?.body).toMatchObject({ grant_type: "client_credentials" });
  });
});
