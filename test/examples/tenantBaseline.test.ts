import { beforeAll, describe, expect, it } from "vitest";
import { isPulumiSecret, SPECIAL_SIG_KEY } from "../../provider/engine/pulumiSecret";
import { apiRequests, clearRequests, isWrite } from "../../testkit/emulatorApi";
import { type MockedRun, runMockedProgramFile } from "../../testkit/mockedProgram";
import { useProviderHost } from "../resources/harness/setup";

const ctx = useProviderHost();
const PROJECT = "idgov-tenant-baseline";
const CLIENT_SECRET = "baseline-client-secret-1";

function plain(value: unknown): unknown {
  return isPulumiSecret(value) ? value.value : value;
}

/** The program's resources as the engine would check them: kind, name and plain inputs. */
function declared(run: MockedRun) {
  return run.registered.map(({ type, name, inputs }) => {
    const { __provider: _provider, ...rest } = inputs;
    const program = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, plain(value)]));
    return { kind: type.split(":").pop() ?? type, name, program };
  });
}

describe("examples/tenant-baseline", () => {
  let run: MockedRun;
  beforeAll(async () => {
    run = await runMockedProgramFile(
      "examples/tenant-baseline/index.ts",
      PROJECT,
      { [`${PROJECT}:oidcClientSecret`]: CLIENT_SECRET },
      [`${PROJECT}:oidcClientSecret`],
    );
  });

  it("declares the three settings and an OIDC configuration whose secret from config stays a secret", () => {
    expect(run.thrown).toEqual([]);
    expect(
      declared(run)
        .map((resource) => `${resource.kind} ${resource.name}`)
        .sort(),
    ).toEqual([
      "AuthConfig workforce-idp",
      "SessionSettings session",
      "SsoSettings sso",
      "XaaSettings cross-app-access",
    ]);
    const idp = run.registered.find((resource) => resource.name === "workforce-idp");
    expect(idp?.inputs.oidc).toMatchObject({ [SPECIAL_SIG_KEY]: expect.any(String) });
  });

  it("comes up against the emulator's seed, shows no drift after a refresh, and destroy restores the session", async () => {
    const resources = declared(run);
    for (const { kind, name, program } of resources) {
      expect((await ctx.engine.up(kind, name, program, { stamp: false })).action).toBe("create");
    }
    const writes = (await apiRequests(ctx.emulator)).filter(isWrite);
    expect(writes.map((request) => `${request.method} ${request.path} ${request.status}`).sort()).toEqual([
      "POST /api/v1/auth-configs 200",
      "POST /api/v1/settings/cross-app-access 200",
      "POST /api/v1/settings/session 200",
    ]);
    await clearRequests(ctx.emulator);
    for (const { kind, name, program } of resources) {
      await ctx.engine.refresh(kind, name);
      expect(await ctx.engine.preview(kind, name, program)).toBe("same");
    }
    const idpId = ctx.engine.state.get(ctx.engine.urn("AuthConfig", "workforce-idp"))?.id;
    for (const { kind, name } of resources) await ctx.engine.destroy(kind, name);
    const destroyed = (await apiRequests(ctx.emulator)).filter(isWrite);
    expect(destroyed.map((request) => `${request.method} ${request.path} ${request.status}`).sort()).toEqual([
      `DELETE /api/v1/auth-configs/${idpId} 200`,
      "POST /api/v1/settings/session 200",
    ]);
    expect(destroyed.find((request) => request.method === "POST")?.body).toMatchObject({
      sessionSettings: { maxSessionLength: "43200s", ssoAdminSource: { sourceCidr: ["10.20.0.0/16"] } },
    });
  });
});
