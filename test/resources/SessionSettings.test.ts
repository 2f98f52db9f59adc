import { describe, expect, it } from "vitest";
import { apiRequests, clearRequests, outOfBand } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const ctx = useProviderHost();
const PATH = "/api/v1/settings/session";
const program = {
  maxSessionLength: "8h",
  ssoAdminSource: { sourceCidr: ["10.20.0.0/16", "2001:db8::/32"] },
};

async function adopt(name: string, declared: Record<string, unknown> = program) {
  const result = await ctx.engine.up("SessionSettings", name, declared);
  if (result.action !== "create") throw new Error(`expected a create, got ${result.action}`);
  await clearRequests(ctx.emulator);
  return result.state;
}

describe("SessionSettings in Pulumi's dynamic-provider host", () => {
  it("adopts the tenant's settings with one GET and one masked POST, recording the values it replaced", async () => {
    const result = await ctx.engine.up("SessionSettings", "session", program);
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: PATH, status: 200 }),
      expect.objectContaining({
        method: "POST",
        path: PATH,
        status: 200,
        body: {
          sessionSettings: {
            maxSessionLength: "28800s",
            ssoAdminSource: { sourceCidr: ["10.20.0.0/16", "2001:db8::/32"] },
          },
          updateMask: "maxSessionLength,ssoAdminSource.sourceCidr",
        },
      }),
    ]);
    if (result.action !== "create") throw new Error(result.action);
    expect(result.state.id).toBe("session");
    expect(result.state.outputs).toMatchObject({
      maxSessionLength: "28800s",
      ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16", "2001:db8::/32"] },
      pccAdminSource: { enabled: true, sourceCidr: ["10.0.0.0/8", "192.168.100.0/24"] },
      clientIdMetadataDocumentPolicy: "CLIENT_ID_METADATA_DOCUMENT_POLICY_REQUESTABLE",
      replacedValues: { maxSessionLength: "43200s", "ssoAdminSource.sourceCidr": ["10.20.0.0/16"] },
    });
  });

  it.each([
    ["the duration in minutes and the ranges in another order", "480m", ["2001:db8::/32", "10.20.0.0/16"]],
    [
      "the duration in seconds and a repeated range",
      "28800s",
      ["10.20.0.0/16", "2001:db8::/32", "10.20.0.0/16"],
    ],
  ])("sends nothing for %s", async (_label, maxSessionLength, sourceCidr) => {
    await adopt("same");
    const again = { maxSessionLength, ssoAdminSource: { sourceCidr } };
    expect((await ctx.engine.up("SessionSettings", "same", again)).action).toBe("same");
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("changes one member of a restriction with a one-path dotted mask", async () => {
    await adopt("one-field");
    const changed = { ...program, ssoAdminSource: { ...program.ssoAdminSource, enabled: false } };
    expect((await ctx.engine.up("SessionSettings", "one-field", changed)).action).toBe("update");
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: PATH,
        body: {
          sessionSettings: { ssoAdminSource: { enabled: false } },
          updateMask: "ssoAdminSource.enabled",
        },
      }),
    ]);
  });

  it("leaves a field the program stops managing as it is", async () => {
    await adopt("dropped");
    const fewer = { ssoAdminSource: program.ssoAdminSource };
    expect((await ctx.engine.up("SessionSettings", "dropped", fewer)).action).toBe("same");
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("leaves the tenant's settings as they are on delete", async () => {
    await adopt("kept");
    await ctx.engine.destroy("SessionSettings", "kept");
    expect(await apiRequests(ctx.emulator)).toEqual([]);
    const live = await outOfBand(ctx.emulator, "GET", PATH);
    expect(live.sessionSettings).toMatchObject({ maxSessionLength: "28800s" });
  });

  it("restores every value it replaced with one masked update on delete when restoreOnDelete is set", async () => {
    await adopt("restored", { ...program, restoreOnDelete: true });
    const more = { ...program, externalClientsEnabled: true, restoreOnDelete: true };
    expect((await ctx.engine.up("SessionSettings", "restored", more)).action).toBe("update");
    await clearRequests(ctx.emulator);
    await ctx.engine.destroy("SessionSettings", "restored");
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: PATH,
        status: 200,
        body: {
          sessionSettings: {
            maxSessionLength: "43200s",
            ssoAdminSource: { sourceCidr: ["10.20.0.0/16"] },
            externalClientsEnabled: false,
          },
          updateMask: "maxSessionLength,externalClientsEnabled,ssoAdminSource.sourceCidr",
        },
      }),
    ]);
    const live = await outOfBand(ctx.emulator, "GET", PATH);
    expect(live.sessionSettings).toMatchObject({
      maxSessionLength: "43200s",
      externalClientsEnabled: false,
      ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16"] },
    });
  });

  it("shows an out-of-band change on refresh, and the next up puts it back with a one-path mask", async () => {
    await adopt("drift");
    await outOfBand(ctx.emulator, "POST", PATH, {
      sessionSettings: { maxSessionLength: "3600s" },
      updateMask: "maxSessionLength",
    });
    const refreshed = await ctx.engine.refresh("SessionSettings", "drift");
    expect(refreshed?.outputs.maxSessionLength).toBe("3600s");
    expect(refreshed?.inputs.maxSessionLength).toBe("3600s");
    await ctx.engine.up("SessionSettings", "drift", program);
    expect((await apiRequests(ctx.emulator)).filter((r) => r.method === "POST")).toEqual([
      expect.objectContaining({
        body: { sessionSettings: { maxSessionLength: "28800s" }, updateMask: "maxSessionLength" },
      }),
    ]);
  });

  const CIDR_RULE = "is not a CIDR range (IPv4 a.b.c.d/0-32 or IPv6 /0-128)";
  it.each([
    [
      { ssoAdminSource: { sourceCidr: ["10.0.0.0/8", "10.0.0.300/8"] } },
      "ssoAdminSource.sourceCidr[1]",
      CIDR_RULE,
    ],
    [{ pccUserSource: { sourceCidr: ["2001:db8:::/32"] } }, "pccUserSource.sourceCidr[0]", CIDR_RULE],
    [{ connectorSource: { sourceCidr: ["10.0.0.1"] } }, "connectorSource.sourceCidr[0]", CIDR_RULE],
    [{ maxSessionLength: "forever" }, "maxSessionLength", 'must be a duration such as "90m"'],
    [{ maxSessionLength: "-30m" }, "maxSessionLength", "must be a positive duration"],
    [{ maxSessionLength: "0s" }, "maxSessionLength", "must be a positive duration"],
    [
      { clientIdMetadataDocumentPolicy: "CLIENT_ID_METADATA_DOCUMENT_POLICY_REQUESTABLE" },
      "clientIdMetadataDocumentPolicy",
      "is not an editable path of the session settings (spec 2.11 allows maxSessionLength, externalClientsEnabled",
    ],
    [
      { ssoAdminSource: { cidr: [] } },
      "ssoAdminSource.cidr",
      "is not an editable path of the session settings",
    ],
  ])("fails check on %j naming %s, before any request", async (invalid, property, rule) => {
    const result = await ctx.engine.up("SessionSettings", "invalid", invalid);
    expect(result.action).toBe("failed-check");
    const failures = result.action === "failed-check" ? result.failures : [];
    expect(failures).toContainEqual({ property, reason: expect.stringContaining(rule) });
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("names the restriction, the index and the value of a bad CIDR range", async () => {
    const result = await ctx.engine.up("SessionSettings", "invalid", {
      ssoUserSource: { sourceCidr: ["192.168.0.0/33"] },
    });
    expect(result.action === "failed-check" && result.failures).toEqual([
      { property: "ssoUserSource.sourceCidr[0]", reason: `"192.168.0.0/33" ${CIDR_RULE}` },
    ]);
  });
});
