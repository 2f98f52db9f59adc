import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { apiRequests, clearRequests, outOfBand } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const ctx = useProviderHost();
const SECRET = "oidc-client-secret-v1";
const oidc = {
  issuerId: "https://login.acme.example.com",
  oidcClientId: "idgov-prod",
  oidcClientSecret: SECRET,
  scopes: ["openid", "email"],
};
const program = { displayName: "Acme SSO", bootstrapDomains: ["acme.example.com"], oidc };
/** The emulator's request log shows a secret member that was sent as `[redacted]`, never its value. */
const REDACTED = "[redacted]";
const loggedProgram = { ...program, oidc: { ...oidc, oidcClientSecret: REDACTED } };
const up = (name: string, declared: Record<string, unknown>) => ctx.engine.up("AuthConfig", name, declared);

async function create(name: string) {
  const result = await up(name, program);
  if (result.action !== "create") throw new Error(`expected a create, got ${result.action}`);
  await clearRequests(ctx.emulator);
  return result.state;
}

/**
 * Whether the outputs hold `secret` only as the value last sent (`writeOnlyValues`, which the class registers as a
 * secret output, so Pulumi encrypts it in state): never in the live fields the service answers.
 */
function secretOnlyWhereSent(outputs: Record<string, unknown>, secret: string): boolean {
  const { writeOnlyValues, ...rest } = outputs;
  return (
    !JSON.stringify(rest).includes(secret) &&
    (writeOnlyValues as Record<string, unknown> | undefined)?.["oidc.oidcClientSecret"] === secret
  );
}

describe("AuthConfig in Pulumi's dynamic-provider host", () => {
  it("creates a configuration with one POST, answering providerType and status but never the secret", async () => {
    const result = await up("sso", program);
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/api/v1/auth-configs",
        status: 200,
        body: loggedProgram,
      }),
    ]);
    if (result.action !== "create") throw new Error(result.action);
    expect(result.state.outputs).toMatchObject({
      displayName: "Acme SSO",
      providerType: "AUTH_CONFIG_PROVIDER_TYPE_OIDC",
      status: "AUTH_CONFIG_STATUS_ACTIVE",
      oidc: { issuerId: oidc.issuerId, oidcClientId: "idgov-prod", scopes: ["openid", "email"] },
      writeOnlyDigests: { "oidc.oidcClientSecret": expect.stringMatching(/^scrypt:/) },
    });
    expect(result.state.outputs.oidc).not.toHaveProperty("oidcClientSecret");
    expect(secretOnlyWhereSent(result.state.outputs, SECRET)).toBe(true);
  });

  it("keeps the secret in the checked inputs at the path the program gave it, so the engine keeps it secret", async () => {
    const result = await up("inputs", program);
    expect(result.action === "create" && result.state.inputs.oidc).toEqual(oidc);
  });

  it("never shows the unanswered secret as drift, and keeps it in refreshed outputs only as the value sent", async () => {
    const created = await create("quiet");
    expect((await up("quiet", program)).action).toBe("same");
    const refreshed = await ctx.engine.refresh("AuthConfig", "quiet");
    expect(refreshed && secretOnlyWhereSent(refreshed.outputs, SECRET)).toBe(true);
    // Nothing drifted: the read answers no inputs and the engine keeps the program's, where the secret is a secret.
    expect(refreshed?.inputs).toEqual(created.inputs);
    expect(await ctx.engine.preview("AuthConfig", "quiet", program)).toBe("same");
    expect((await apiRequests(ctx.emulator)).map((r) => r.method)).toEqual(["GET"]);
  });

  it("does not resend an unchanged secret when another provider field changes", async () => {
    const { id } = await create("scopes");
    const changed = { ...program, oidc: { ...oidc, scopes: ["openid", "email", "groups"] } };
    const result = await up("scopes", changed);
    expect(result.action).toBe("update");
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: `/api/v1/auth-configs/${id}`,
        body: { authConfig: { oidc: { scopes: ["openid", "email", "groups"] } }, updateMask: "oidc.scopes" },
      }),
    ]);
    expect(result.action === "update" && secretOnlyWhereSent(result.state.outputs, SECRET)).toBe(true);
  });

  it("sends a rotated secret alone, with a one-path mask, and keeps only the new one, as the value sent", async () => {
    const { id } = await create("rotate");
    const rotated = { ...program, oidc: { ...oidc, oidcClientSecret: "oidc-client-secret-v2" } };
    expect(await ctx.engine.preview("AuthConfig", "rotate", rotated)).toBe("update");
    const result = await up("rotate", rotated);
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({
        path: `/api/v1/auth-configs/${id}`,
        body: {
          authConfig: { oidc: { oidcClientSecret: REDACTED } },
          updateMask: "oidc.oidcClientSecret",
        },
      }),
    ]);
    if (result.action !== "update") throw new Error(result.action);
    expect(secretOnlyWhereSent(result.state.outputs, "oidc-client-secret-v2")).toBe(true);
    expect(JSON.stringify(result.state.outputs)).not.toContain(SECRET);
    expect((await up("rotate", rotated)).action).toBe("same");
  });

  it("plans moving to another provider member as a replace, and carries it out create-then-delete", async () => {
    const { id } = await create("switch");
    const client = {
      displayName: "Acme SSO",
      providerClient: { oidcClientId: "c", oidcClientSecret: "s-2" },
    };
    expect(await ctx.engine.preview("AuthConfig", "switch", client)).toBe("replace");
    const result = await up("switch", client);
    expect(result.action).toBe("replace");
    expect((await apiRequests(ctx.emulator)).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      "POST /api/v1/auth-configs 200",
      `DELETE /api/v1/auth-configs/${id} 200`,
    ]);
    expect(result.action === "replace" && result.state.outputs.providerType).toBe(
      "AUTH_CONFIG_PROVIDER_TYPE_PROVIDER_CLIENT",
    );
  });

  it("adopts an existing configuration with one GET and one masked POST that sends the secret it cannot compare", async () => {
    const id = SEED.authConfigs.oidc;
    const adopted = {
      adoptId: id,
      displayName: "Generic OIDC",
      oidc: { issuerId: "https://idp.acme.example.com", oidcClientSecret: SECRET },
    };
    const result = await up("adopted", adopted);
    expect(result.action === "create" && result.state.id).toBe(id);
    const requests = await apiRequests(ctx.emulator);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v1/auth-configs/${id}`,
      `POST /api/v1/auth-configs/${id}`,
    ]);
    expect(requests[1]?.body).toEqual({
      authConfig: { oidc: { oidcClientSecret: REDACTED } },
      updateMask: "oidc.oidcClientSecret",
    });
    await clearRequests(ctx.emulator);
    expect((await up("adopted", adopted)).action).toBe("same");
  });

  it("refuses to adopt a configuration of another provider member, and writes nothing", async () => {
    const id = SEED.authConfigs.providerClient;
    await expect(up("wrong-member", { adoptId: id, oidc })).rejects.toThrow(
      `cannot adopt AuthConfig "${id}": providerClient, oidc differs from the program and cannot be changed in place`,
    );
    expect((await apiRequests(ctx.emulator)).map((r) => r.method)).toEqual(["GET"]);
  });

  it("shows an out-of-band change on refresh, and deletes with one DELETE (a missing one, confirmed by a GET, counts as done)", async () => {
    const { id } = await create("drift");
    await outOfBand(ctx.emulator, "POST", `/api/v1/auth-configs/${id}`, {
      authConfig: { displayName: "Renamed by hand" },
      updateMask: "displayName",
    });
    expect((await ctx.engine.refresh("AuthConfig", "drift"))?.inputs.displayName).toBe("Renamed by hand");
    expect(await ctx.engine.preview("AuthConfig", "drift", program)).toBe("update");
    await outOfBand(ctx.emulator, "DELETE", `/api/v1/auth-configs/${id}`);
    await ctx.engine.destroy("AuthConfig", "drift");
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "DELETE", path: `/api/v1/auth-configs/${id}`, status: 404 }),
      expect.objectContaining({ method: "GET", path: `/api/v1/auth-configs/${id}`, status: 404 }),
    ]);
  });

  it.each([
    [
      { displayName: "Two", oidc, providerClient: { oidcClientId: "c" } },
      "",
      "at most one of platformLocal, providerHosted, providerTenant, providerDomainA, providerDomainB, " +
        "providerClient, providerEnvironment, oidc may be set (got: providerClient, oidc)",
    ],
    [
      { displayName: "None" },
      "",
      "exactly one provider member must be set (one of platformLocal, providerHosted, providerTenant, " +
        "providerDomainA, providerDomainB, providerClient, providerEnvironment, oidc); none is",
    ],
    [{ oidc }, "displayName", "is required (unless adoptId is set)"],
    [
      { displayName: "X", oidc, providerType: "AUTH_CONFIG_PROVIDER_TYPE_OIDC" },
      "providerType",
      "is not a known field",
    ],
    [{ displayName: "X", oidc: { ...oidc, clientSecret: "x" } }, "oidc.clientSecret", "is not a known field"],
  ])("fails check on %j naming %s, before any request", async (invalid, property, reason) => {
    const result = await up("invalid", invalid);
    expect(result.action === "failed-check" && result.failures).toContainEqual({ property, reason });
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });
});
