import { describe, expect, it } from "vitest";
import {
  allowsUnlistedMembers,
  CONFIG_KEYS,
  resolveProviderConfig,
  type ConfigSource,
} from "../../../provider/client/config";
import { IdgovConfigError } from "../../../provider/errors";

const stack = (values: Record<string, string>): ConfigSource => ({ get: (key) => values[key] });
const CREDENTIALS = { IDGOV_CLIENT_ID: "ci", IDGOV_CLIENT_SECRET: "s3cret-value" };

function configError(run: () => unknown): IdgovConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof IdgovConfigError) return error;
    throw error;
  }
  throw new Error("expected an IdgovConfigError");
}

describe("resolveProviderConfig", () => {
  it("fills every default when only the base URL and credentials are set", () => {
    expect(
      resolveProviderConfig(undefined, { IDGOV_BASE_URL: "https://acme.example.com/", ...CREDENTIALS }),
    ).toEqual({
      baseUrl: "https://acme.example.com",
      clientId: "ci",
      clientSecret: "s3cret-value",
      tokenUrl: "https://acme.example.com/auth/v1/token",
      requestTimeoutMs: 30_000,
      retryBudgetMs: 90_000,
      reservedAnnotationPrefix: "c1/",
      allowUnlistedMembers: false,
      maxInFlight: 16,
      attemptTimeoutMs: 120_000,
      maxResponseBytes: 16 * 1024 * 1024,
      readConsistency: "confirmed",
    });
  });

  it.each([
    [
      "baseUrl",
      "idgov:baseUrl",
      "IDGOV_BASE_URL",
      "http://stack.test",
      "http://env.test",
      "http://stack.test",
    ],
    [
      "tokenUrl",
      "idgov:tokenUrl",
      "IDGOV_TOKEN_URL",
      "http://stack.test/t",
      "http://env.test/t",
      "http://stack.test/t",
    ],
    ["requestTimeoutMs", "idgov:requestTimeoutMs", "IDGOV_REQUEST_TIMEOUT_MS", "1500", "2500", 1500],
    ["maxRetries", "idgov:maxRetries", "IDGOV_MAX_RETRIES", "0", "9", 0],
    ["maxInFlight", "idgov:maxInFlight", "IDGOV_MAX_IN_FLIGHT", "4", "8", 4],
    ["maxRequestsPerSecond", "idgov:maxRequestsPerSecond", "IDGOV_MAX_REQUESTS_PER_SECOND", "40", "20", 40],
    ["impactLimit", "idgov:impactLimit", "IDGOV_IMPACT_LIMIT", "100", "50", 100],
    ["readConsistency", "idgov:readConsistency", "IDGOV_READ_CONSISTENCY", "strict", "confirmed", "strict"],
    [
      "reservedAnnotationPrefix",
      "idgov:reservedAnnotationPrefix",
      "IDGOV_RESERVED_ANNOTATION_PREFIX",
      "x/",
      "y/",
      "x/",
    ],
    ["accessToken", "idgov:accessToken", "IDGOV_ACCESS_TOKEN", "tok-stack", "tok-env", "tok-stack"],
  ] as const)(
    "reads %s from stack config before the environment",
    (name, key, envVar, fromStack, fromEnv, want) => {
      const env = { IDGOV_BASE_URL: "http://base.test", ...CREDENTIALS, [envVar]: fromEnv };
      expect(resolveProviderConfig(stack({ [key]: fromStack }), env)[name]).toBe(want);
      expect(resolveProviderConfig(stack({}), { ...env, [envVar]: fromEnv })[name]).toEqual(
        typeof want === "number" ? Number(fromEnv) : fromEnv,
      );
    },
  );

  it("reads allowUnlistedMembers as true or false, stack config first, and refuses anything else", () => {
    const env = { IDGOV_BASE_URL: "http://base.test", ...CREDENTIALS };
    expect(allowsUnlistedMembers(stack({}), env)).toBe(false);
    expect(allowsUnlistedMembers(stack({}), { ...env, IDGOV_ALLOW_UNLISTED_MEMBERS: "true" })).toBe(true);
    expect(
      allowsUnlistedMembers(stack({ "idgov:allowUnlistedMembers": "false" }), {
        ...env,
        IDGOV_ALLOW_UNLISTED_MEMBERS: "true",
      }),
    ).toBe(false);
    expect(
      resolveProviderConfig(stack({ "idgov:allowUnlistedMembers": "true" }), env).allowUnlistedMembers,
    ).toBe(true);
    expect(() => allowsUnlistedMembers(stack({ "idgov:allowUnlistedMembers": "yes" }), env)).toThrow(
      'idgov:allowUnlistedMembers must be true or false (got "yes" from idgov:allowUnlistedMembers)',
    );
  });

  it("treats an empty stack value as unset and falls back to the environment", () => {
    const config = resolveProviderConfig(stack({ "idgov:baseUrl": "" }), {
      IDGOV_BASE_URL: "http://env.test",
      ...CREDENTIALS,
    });
    expect(config.baseUrl).toBe("http://env.test");
  });

  it.each([
    ["quiet-otter-1234@acme.example.com/pcc", "https://acme.example.com"],
    ["svc@tenant.example.org:8443/x", "https://tenant.example.org:8443"],
  ])("derives the base URL from the client id %s", (clientId, baseUrl) => {
    const config = resolveProviderConfig(
      stack({ "idgov:clientId": clientId, "idgov:clientSecret": "s3cret-value" }),
      {},
    );
    expect(config.baseUrl).toBe(baseUrl);
    expect(config.tokenUrl).toBe(`${baseUrl}/auth/v1/token`);
  });

  it("prefers an explicit base URL to the one in the client id", () => {
    const source = stack({
      "idgov:clientId": "a@acme.example.com/pcc",
      "idgov:clientSecret": "s3cret-value",
    });
    expect(resolveProviderConfig(source, { IDGOV_BASE_URL: "http://127.0.0.1:9" }).baseUrl).toBe(
      "http://127.0.0.1:9",
    );
  });

  it("accepts an access token alone", () => {
    const config = resolveProviderConfig(undefined, {
      IDGOV_BASE_URL: "http://b.test",
      IDGOV_ACCESS_TOKEN: "tok-123",
    });
    expect(config.accessToken).toBe("tok-123");
    expect(config.clientId).toBeUndefined();
  });

  it.each([
    [
      "the base URL is missing",
      { ...CREDENTIALS },
      "idgov:baseUrl",
      'idgov:baseUrl is not set: run "pulumi config set idgov:baseUrl <url>" or set IDGOV_BASE_URL (or use a client id of the form name@host/suffix)',
    ],
    [
      "the base URL is not http(s)",
      { IDGOV_BASE_URL: "ftp://x.test", ...CREDENTIALS },
      "idgov:baseUrl",
      'idgov:baseUrl must be an http:// or https:// URL (got "ftp://x.test" from IDGOV_BASE_URL): run "pulumi config set idgov:baseUrl <url>" or set IDGOV_BASE_URL',
    ],
    [
      "the timeout is not a number",
      { IDGOV_BASE_URL: "http://b.test", IDGOV_REQUEST_TIMEOUT_MS: "soon", ...CREDENTIALS },
      "idgov:requestTimeoutMs",
      'idgov:requestTimeoutMs must be a whole number (got "soon" from IDGOV_REQUEST_TIMEOUT_MS): run "pulumi config set idgov:requestTimeoutMs <milliseconds>" or set IDGOV_REQUEST_TIMEOUT_MS',
    ],
    [
      "maxInFlight is zero",
      { IDGOV_BASE_URL: "http://b.test", IDGOV_MAX_IN_FLIGHT: "0", ...CREDENTIALS },
      "idgov:maxInFlight",
      'idgov:maxInFlight must be at least 1 (got "0" from IDGOV_MAX_IN_FLIGHT): run "pulumi config set idgov:maxInFlight <count>" or set IDGOV_MAX_IN_FLIGHT',
    ],
    [
      "impactLimit is negative",
      { IDGOV_BASE_URL: "http://b.test", IDGOV_IMPACT_LIMIT: "-1", ...CREDENTIALS },
      "idgov:impactLimit",
      'idgov:impactLimit must be a whole number (got "-1" from IDGOV_IMPACT_LIMIT): run "pulumi config set idgov:impactLimit <count>" or set IDGOV_IMPACT_LIMIT',
    ],
    [
      "readConsistency is neither confirmed nor strict",
      { IDGOV_BASE_URL: "http://b.test", IDGOV_READ_CONSISTENCY: "eventual", ...CREDENTIALS },
      "idgov:readConsistency",
      'idgov:readConsistency must be confirmed or strict (got "eventual" from IDGOV_READ_CONSISTENCY): run "pulumi config set idgov:readConsistency <confirmed|strict>" or set IDGOV_READ_CONSISTENCY',
    ],
    [
      "the client secret is missing",
      { IDGOV_BASE_URL: "http://b.test", IDGOV_CLIENT_ID: "ci" },
      "idgov:clientSecret",
      'idgov:clientSecret is not set: run "pulumi config set --secret idgov:clientSecret <client-secret>" or set IDGOV_CLIENT_SECRET',
    ],
    [
      "the client id is missing",
      { IDGOV_BASE_URL: "http://b.test", IDGOV_CLIENT_SECRET: "s3cret-value" },
      "idgov:clientId",
      'idgov:clientId is not set: run "pulumi config set idgov:clientId <client-id>" or set IDGOV_CLIENT_ID',
    ],
    [
      "no credential is set",
      { IDGOV_BASE_URL: "http://b.test" },
      undefined,
      'no credentials are set: set idgov:accessToken (run "pulumi config set --secret idgov:accessToken <token>" or set IDGOV_ACCESS_TOKEN), ' +
        'or idgov:clientId and idgov:clientSecret (run "pulumi config set idgov:clientId <client-id>" or set IDGOV_CLIENT_ID; ' +
        'run "pulumi config set --secret idgov:clientSecret <client-secret>" or set IDGOV_CLIENT_SECRET), ' +
        "or idgov:clientId and idgov:oidcToken or idgov:oidcTokenFile (an OIDC token exchange)",
    ],
    [
      "both the OIDC token and its file are set",
      {
        IDGOV_BASE_URL: "http://b.test",
        IDGOV_CLIENT_ID: "ci",
        IDGOV_OIDC_TOKEN: "a.b.c",
        IDGOV_OIDC_TOKEN_FILE: "/t",
      },
      "idgov:oidcTokenFile",
      "set idgov:oidcToken or idgov:oidcTokenFile, not both",
    ],
    [
      "an OIDC token has no client id to be exchanged for",
      { IDGOV_BASE_URL: "http://b.test", IDGOV_OIDC_TOKEN_FILE: "/var/run/oidc/token" },
      "idgov:clientId",
      'idgov:clientId is not set: the OIDC token exchange needs it: run "pulumi config set idgov:clientId <client-id>" or set IDGOV_CLIENT_ID',
    ],
  ])("throws IdgovConfigError naming the key when %s", (_case, env, key, message) => {
    const error = configError(() => resolveProviderConfig(undefined, env));
    expect(error.message).toBe(message);
    expect(error.key).toBe(key);
  });

  it("reads an OIDC token, or its file, from stack config or the environment, with the client id alone", () => {
    const env = { IDGOV_BASE_URL: "http://b.test", IDGOV_CLIENT_ID: "ci" };
    expect(resolveProviderConfig(stack({ "idgov:oidcToken": "h.p.s" }), env)).toMatchObject({
      oidcToken: "h.p.s",
    });
    expect(resolveProviderConfig(undefined, { ...env, IDGOV_OIDC_TOKEN_FILE: "/run/token" })).toMatchObject({
      oidcTokenFile: "/run/token",
    });
  });

  it("never puts a secret value in a message about it", () => {
    const error = configError(() =>
      resolveProviderConfig(undefined, {
        IDGOV_BASE_URL: "http://b.test",
        IDGOV_ACCESS_TOKEN: "leaky token",
      }),
    );
    expect(error.message).toBe(
      'idgov:accessToken must not contain whitespace: run "pulumi config set --secret idgov:accessToken <token>" or set IDGOV_ACCESS_TOKEN',
    );
  });

  it("names the stack key as the origin of a bad stack value", () => {
    const error = configError(() =>
      resolveProviderConfig(stack({ "idgov:maxRetries": "-1" }), {
        IDGOV_BASE_URL: "http://b.test",
        ...CREDENTIALS,
      }),
    );
    expect(error.message).toContain('(got "-1" from idgov:maxRetries)');
  });
});

describe("CONFIG_KEYS", () => {
  it("lists every setting once, with its environment variable in upper snake case", () => {
    expect(CONFIG_KEYS.map((row) => [row.key, row.envVar, row.default, row.secret])).toEqual([
      ["idgov:baseUrl", "IDGOV_BASE_URL", undefined, false],
      ["idgov:clientId", "IDGOV_CLIENT_ID", undefined, false],
      ["idgov:clientSecret", "IDGOV_CLIENT_SECRET", undefined, true],
      ["idgov:accessToken", "IDGOV_ACCESS_TOKEN", undefined, true],
      ["idgov:oidcToken", "IDGOV_OIDC_TOKEN", undefined, true],
      ["idgov:oidcTokenFile", "IDGOV_OIDC_TOKEN_FILE", undefined, false],
      ["idgov:tokenUrl", "IDGOV_TOKEN_URL", "<baseUrl>/auth/v1/token", false],
      ["idgov:requestTimeoutMs", "IDGOV_REQUEST_TIMEOUT_MS", "30000", false],
      ["idgov:retryBudgetMs", "IDGOV_RETRY_BUDGET_MS", "90000", false],
      ["idgov:maxRetries", "IDGOV_MAX_RETRIES", undefined, false],
      ["idgov:reservedAnnotationPrefix", "IDGOV_RESERVED_ANNOTATION_PREFIX", "c1/", false],
      ["idgov:allowUnlistedMembers", "IDGOV_ALLOW_UNLISTED_MEMBERS", "false", false],
      ["idgov:maxInFlight", "IDGOV_MAX_IN_FLIGHT", "16", false],
      ["idgov:maxRequestsPerSecond", "IDGOV_MAX_REQUESTS_PER_SECOND", undefined, false],
      ["idgov:attemptTimeoutMs", "IDGOV_ATTEMPT_TIMEOUT_MS", "120000", false],
      ["idgov:maxResponseBytes", "IDGOV_MAX_RESPONSE_BYTES", "16777216", false],
      ["idgov:proxy", "IDGOV_PROXY", undefined, false],
      ["idgov:impactLimit", "IDGOV_IMPACT_LIMIT", undefined, false],
      ["idgov:readConsistency", "IDGOV_READ_CONSISTENCY", "confirmed", false],
    ]);
  });
});
