import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageVersion } from "../../provider/version";
import { NativePlugin, secret } from "../../testkit/nativePlugin";

const version = packageVersion();

let plugin: NativePlugin;
beforeAll(async () => {
  plugin = await NativePlugin.start();
});
afterAll(() => plugin?.stop());

const URL = "http://127.0.0.1:9";
const credentials = { clientId: "ci-bot", clientSecret: secret("s3cr3t-value"), version: "0.1.0" };

describe("pulumi-resource-idgov: provider configuration", () => {
  it("answers its version and writes nothing to stdout but the port", async () => {
    expect(await plugin.pluginVersion()).toBe(version);
    expect(plugin.stdout.join("")).toMatch(/^\d+\n$/);
  });

  it("passes good settings, answering them as given, the client secret still secret", async () => {
    const news = { baseUrl: URL, ...credentials };
    expect(await plugin.checkConfig(news)).toEqual({ inputs: news, failures: [] });
  });

  it.each([
    [{ clientId: "ci-bot", clientSecret: "x" }, "baseUrl", /^idgov:baseUrl is not set/],
    [
      { baseUrl: "ftp://tenant", ...credentials },
      "baseUrl",
      /^idgov:baseUrl must be an http:\/\/ or https:\/\/ URL/,
    ],
    [
      { baseUrl: URL, ...credentials, requestTimeoutMs: "soon" },
      "requestTimeoutMs",
      /must be a whole number/,
    ],
    [{ baseUrl: URL, clientId: "ci-bot" }, "clientSecret", /^idgov:clientSecret is not set/],
    [{ baseUrl: URL, ...credentials, colour: "blue" }, "colour", /is not a setting of the idgov provider/],
  ])("fails check of missing or malformed settings naming the key: %j", async (news, property, reason) => {
    const { failures } = await plugin.checkConfig(news);
    expect(failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
    expect(JSON.stringify(failures)).not.toContain("s3cr3t-value");
  });

  it("refuses an SDK of a newer major version, saying what to upgrade; an older or equal one passes", async () => {
    const major = Number(version.split(".")[0]);
    const newer = `${major + 1}.0.0`;
    const { failures } = await plugin.checkConfig({ baseUrl: URL, ...credentials, version: newer });
    expect(failures).toEqual([
      {
        property: "version",
        reason: expect.stringContaining(
          `the idgov SDK of this program is version ${newer}, newer than this pulumi-resource-idgov (${version}): ` +
            `upgrade the plugin to ${major + 1}.x (pulumi plugin install resource idgov ${newer}, with --server ` +
            "and the release's download URL or --file and its archive), or install an idgov SDK",
        ),
      },
    ]);
    for (const older of [version, `${major}.99.0`, "0.0.1"]) {
      expect((await plugin.checkConfig({ baseUrl: URL, ...credentials, version: older })).failures).toEqual(
        [],
      );
    }
  });

  it("takes numbers and booleans as a typed program writes them, and judges them as the stack config's text", async () => {
    const typed = { baseUrl: URL, ...credentials, maxInFlight: 4, allowUnlistedMembers: true };
    expect((await plugin.checkConfig(typed)).failures).toEqual([]);
    const { failures } = await plugin.checkConfig({ ...typed, maxInFlight: 0 });
    expect(failures).toEqual([
      { property: "maxInFlight", reason: expect.stringMatching(/must be at least 1/) },
    ]);
  });

  it("does not judge settings not known yet", async () => {
    const news = { baseUrl: "04da6b54-80e4-46f7-96ec-b56ff0331ba9", ...credentials };
    expect((await plugin.checkConfig(news)).failures).toEqual([]);
  });

  it("diffs settings per key in place while the tenant stays, ignoring the engine's version key", async () => {
    const olds = { baseUrl: URL, ...credentials };
    expect((await plugin.diffConfig(olds, { ...olds, version: "0.2.0" })).changes).toBe("none");
    const diff = await plugin.diffConfig(olds, { ...olds, maxInFlight: "4" });
    expect(diff).toMatchObject({ changes: "some", replaces: [], detailedDiff: { maxInFlight: "ADD" } });
  });

  it("replaces nothing for the same tenant spelled differently or a rotated client secret", async () => {
    const olds = { baseUrl: "https://acme.example.com", ...credentials };
    for (const baseUrl of ["https://ACME.Example.com/", "https://acme.example.com:443"]) {
      const diff = await plugin.diffConfig(olds, { ...olds, baseUrl });
      expect(diff, baseUrl).toMatchObject({
        changes: "some",
        replaces: [],
        detailedDiff: { baseUrl: "UPDATE" },
      });
    }
    // A path is part of the tenant's address: requests go under it.
    const underPath = await plugin.diffConfig(olds, { ...olds, baseUrl: "https://acme.example.com/api" });
    expect(underPath).toMatchObject({ changes: "some", replaces: ["baseUrl"] });
    const rotated = await plugin.diffConfig(olds, { ...olds, clientSecret: secret("rotated-value") });
    expect(rotated).toMatchObject({ replaces: [], detailedDiff: { clientSecret: "UPDATE" } });
  });

  it("replaces the provider, and so every resource under it, when baseUrl points at another tenant", async () => {
    const olds = { baseUrl: "https://acme.example.com", ...credentials };
    for (const baseUrl of [
      "https://other.example.com",
      "http://acme.example.com",
      "https://acme.example.com:8443",
    ]) {
      const diff = await plugin.diffConfig(olds, { ...olds, baseUrl, clientSecret: secret("other-secret") });
      expect(diff, baseUrl).toMatchObject({
        changes: "some",
        replaces: ["baseUrl"],
        detailedDiff: { baseUrl: "UPDATE_REPLACE", clientSecret: "UPDATE" },
        deleteBeforeReplace: false,
      });
    }
  });

  it("replaces the provider when the tenant named by a client id's host changes, baseUrl unset", async () => {
    const olds = { clientId: "bot@a.example.com/x", clientSecret: secret("s"), version: "0.1.0" };
    const diff = await plugin.diffConfig(olds, { ...olds, clientId: "bot@b.example.com/x" });
    expect(diff).toMatchObject({ replaces: ["clientId"], detailedDiff: { clientId: "UPDATE_REPLACE" } });
    const same = await plugin.diffConfig(olds, { ...olds, baseUrl: "https://A.example.com/" });
    expect(same).toMatchObject({ replaces: [], detailedDiff: { baseUrl: "ADD" } });
  });

  it("configures, accepting secrets and supporting preview", async () => {
    const answer = await plugin.configure({ baseUrl: URL, ...credentials });
    expect(answer.getAcceptsecrets()).toBe(true);
    expect(answer.getSupportspreview()).toBe(true);
  });
});

describe("pulumi-resource-idgov: start-up", () => {
  it("prints its port within two seconds of being spawned, even on a loaded machine (median of 10 starts)", async () => {
    const times: number[] = [];
    for (let run = 0; run < 10; run += 1) {
      const started = await NativePlugin.start();
      times.push(started.startupMs);
      await started.stop();
    }
    const median = [...times].sort((a, b) => a - b)[5] as number;
    process.stderr.write(
      `pulumi-resource-idgov start-up: median ${median.toFixed(0)} ms of ${times.map((t) => t.toFixed(0)).join(", ")}\n`,
    );
    expect(median).toBeLessThan(2000);
  }, 60_000);
});

describe("pulumi-resource-idgov: cancel", () => {
  it("after the engine cancels, starts no request, and still answers what needs none", async () => {
    const cancelled = await NativePlugin.start();
    try {
      await cancelled.configure({ baseUrl: URL, ...credentials });
      await cancelled.cancel();
      const checked = await cancelled.check("idgov:index:App", "late", { displayName: "Late" });
      expect(checked.failures).toEqual([]);
      await expect(cancelled.create("idgov:index:App", "late", checked.inputs)).rejects.toThrow(
        "the operation was cancelled: the engine is shutting down",
      );
    } finally {
      await cancelled.stop();
    }
  });
});
