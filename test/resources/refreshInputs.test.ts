import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { outOfBand } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const ctx = useProviderHost();

/** Creates (or adopts) a resource, then reads it the way `pulumi refresh` does; answers the read. */
async function upThenRead(
  kind: string,
  name: string,
  program: Record<string, unknown>,
  change?: () => Promise<void>,
) {
  const result = await ctx.engine.up(kind, name, program);
  if (result.action !== "create") throw new Error(`expected a create, got ${result.action}`);
  await change?.();
  return ctx.host.read(kind, ctx.engine.urn(kind, name), result.state.id, result.state.outputs);
}

describe("a refresh in Pulumi's dynamic-provider host", () => {
  it.each([
    [
      "a set the server answers in another order",
      "XaaSettings",
      { enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256", "XAA_SIGNING_ALGORITHM_RS256"] },
    ],
    [
      "a write-only client secret the server never answers",
      "AuthConfig",
      {
        displayName: "Acme SSO",
        oidc: {
          issuerId: "https://login.acme.example.com",
          oidcClientId: "idgov",
          oidcClientSecret: "s3cret-v1",
        },
      },
    ],
    ["an app nobody changed", "App", { displayName: "Untouched", description: "as declared" }],
  ])(
    "answers no inputs when nothing managed changed (%s), so the engine keeps the program's",
    async (_case, kind, program) => {
      const read = await upThenRead(kind, "quiet", program);
      expect(read.id).not.toBe("");
      expect(read.inputs).toBeUndefined();
    },
  );

  /** A catalog whose entitlements the server answers in another order than the program's, as `pulumi up` left it. */
  async function reorderedCatalog(name: string) {
    const [member, admin, maintain] = SEED.entitlements.map(({ appId, id }) => ({ appId, id }));
    const program = { displayName: "Reordered", accessEntitlements: [member, admin, maintain] };
    const created = await ctx.engine.up("RequestCatalog", name, program);
    if (created.action !== "create") throw new Error(created.action);
    const bindings = `/api/v1/catalogs/${created.state.id}/visibility_bindings`;
    await outOfBand(ctx.emulator, "DELETE", bindings, { accessEntitlements: [admin] });
    await ctx.engine.refresh("RequestCatalog", name);
    // Adding the entitlement back puts it last on the server.
    const restored = await ctx.engine.up("RequestCatalog", name, program);
    if (restored.action !== "update") throw new Error(restored.action);
    return {
      program,
      id: restored.state.id,
      outputs: restored.state.outputs,
      live: [member, maintain, admin],
    };
  }

  it("keeps the state's order of a set the server answers in another order, and answers no inputs", async () => {
    const catalog = await reorderedCatalog("reordered");
    const urn = ctx.engine.urn("RequestCatalog", "reordered");
    const direct = (await outOfBand(ctx.emulator, "GET", `/api/v1/catalogs/${catalog.id}`)) as {
      requestCatalogView: { requestCatalog: { accessEntitlements: { id: string }[] } };
    };
    const served = direct.requestCatalogView.requestCatalog.accessEntitlements.map(({ id }) => id);
    expect(served).toEqual(catalog.live.map((ref) => ref?.id));
    const read = await ctx.host.read("RequestCatalog", urn, catalog.id, catalog.outputs);
    expect(read.outputs.accessEntitlements).toEqual(catalog.program.accessEntitlements);
    expect(read.inputs).toBeUndefined();
  });

  it("gives back a reordered set in the program's order beside a real change, so only the change differs", async () => {
    const catalog = await reorderedCatalog("reordered-and-edited");
    await outOfBand(ctx.emulator, "POST", `/api/v1/catalogs/${catalog.id}`, {
      catalog: { displayName: "Renamed by hand" },
      updateMask: "displayName",
    });
    const urn = ctx.engine.urn("RequestCatalog", "reordered-and-edited");
    const read = await ctx.host.read("RequestCatalog", urn, catalog.id, catalog.outputs);
    expect(read.inputs?.displayName).toBe("Renamed by hand");
    expect(read.inputs?.accessEntitlements).toEqual(catalog.program.accessEntitlements);
  });

  it("answers the live values as inputs when a managed field changed outside Pulumi", async () => {
    let appId = "";
    const read = await upThenRead(
      "App",
      "edited",
      { displayName: "Edited", description: "as declared" },
      async () => {
        appId =
          [...ctx.engine.state.values()].find((state) => state.outputs.displayName === "Edited")?.id ?? "";
        await outOfBand(ctx.emulator, "POST", `/api/v1/apps/${appId}`, {
          app: { description: "edited by hand" },
          updateMask: "description",
        });
      },
    );
    expect(read.id).toBe(appId);
    expect(read.inputs).toMatchObject({ displayName: "Edited", description: "edited by hand" });
  });
});

describe("a refresh that finds drift on an auth config", () => {
  it("gives back the client secret last sent beside the drifted field, so the secret does not show as changed", async () => {
    const oidc = {
      issuerId: "https://login.acme.example.com",
      oidcClientId: "idgov",
      oidcClientSecret: "s3cret-v1",
    };
    const created = await ctx.engine.up("AuthConfig", "drifted-sso", { displayName: "Acme SSO", oidc });
    if (created.action !== "create") throw new Error(created.action);
    await outOfBand(ctx.emulator, "POST", `/api/v1/auth-configs/${created.state.id}`, {
      authConfig: { displayName: "Renamed by hand" },
      updateMask: "displayName",
    });
    const urn = ctx.engine.urn("AuthConfig", "drifted-sso");
    const read = await ctx.host.read("AuthConfig", urn, created.state.id, created.state.outputs);
    expect(read.inputs).toMatchObject({ displayName: "Renamed by hand", oidc });
  });
});
