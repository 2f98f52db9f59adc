import { describe, expect, it } from "vitest";
import { tenantOfSettings, tenantAddress } from "../../../provider/client/tenant";
import { configSourceOf, tenantReplaces } from "../../../provider/service/providerConfig";
import { UNKNOWN } from "../../../provider/engine";

describe("tenantAddress: the tenant an address names, its path included", () => {
  it.each([
    ["https://acme.example.com", "https://acme.example.com"],
    ["https://ACME.Example.COM", "https://acme.example.com"],
    ["HTTPS://acme.example.com/", "https://acme.example.com"],
    ["https://acme.example.com:443", "https://acme.example.com"],
    ["http://acme.example.com:80/", "http://acme.example.com"],
    ["https://acme.example.com/api/v1/", "https://acme.example.com/api/v1"],
    ["https://gw.example.com/Idgov//", "https://gw.example.com/Idgov"],
    ["  https://acme.example.com//  ", "https://acme.example.com"],
    ["https://acme.example.com:8443", "https://acme.example.com:8443"],
    ["http://127.0.0.1:4010", "http://127.0.0.1:4010"],
    ["http://acme.example.com", "http://acme.example.com"],
  ])("%s is %s", (address, origin) => {
    expect(tenantAddress(address)).toBe(origin);
  });

  it.each(["", "acme.example.com", "ftp://acme.example.com", "not a url"])("%j names none", (address) => {
    expect(tenantAddress(address)).toBeUndefined();
  });
});

describe("tenantOfSettings: the tenant settings point at, without credentials", () => {
  const source = (values: Record<string, string>) => configSourceOf(values);

  it("reads baseUrl first, then IDGOV_BASE_URL, then a client id's host", () => {
    const env = { IDGOV_BASE_URL: "https://env.example.com/" };
    expect(tenantOfSettings(source({ baseUrl: "https://Config.example.com" }), env)).toBe(
      "https://config.example.com",
    );
    expect(tenantOfSettings(source({ clientId: "bot@id.example.com/x" }), env)).toBe(
      "https://env.example.com",
    );
    expect(tenantOfSettings(source({ clientId: "bot@id.example.com/x" }), {})).toBe("https://id.example.com");
    expect(tenantOfSettings(source({ clientId: "ci-bot" }), {})).toBeUndefined();
    expect(tenantOfSettings(undefined, {})).toBeUndefined();
  });
});

describe("tenantReplaces: the settings whose change moves a provider to another tenant", () => {
  const a = { baseUrl: "https://a.example.com", clientId: "bot", clientSecret: "one" };

  it.each([
    ["the same address spelled differently", { ...a, baseUrl: "https://A.example.com:443/" }, []],
    ["a rotated client secret", { ...a, clientSecret: "two" }, []],
    ["another host", { ...a, baseUrl: "https://b.example.com" }, ["baseUrl"]],
    ["another scheme", { ...a, baseUrl: "http://a.example.com" }, ["baseUrl"]],
    ["another port", { ...a, baseUrl: "https://a.example.com:8443" }, ["baseUrl"]],
    ["a path on the same origin", { ...a, baseUrl: "https://a.example.com/idgov" }, ["baseUrl"]],
    ["baseUrl not known yet", { ...a, baseUrl: UNKNOWN }, []],
  ])("%s: %j", (_case, news, replaces) => {
    expect(tenantReplaces(a, news, {})).toEqual(replaces);
  });

  it("resolves an unset baseUrl from IDGOV_BASE_URL on both sides", () => {
    const env = { IDGOV_BASE_URL: "https://a.example.com" };
    const { baseUrl: _baseUrl, ...fromEnv } = a;
    expect(tenantReplaces(fromEnv, a, env)).toEqual([]);
    expect(tenantReplaces(fromEnv, { ...a, baseUrl: "https://b.example.com" }, env)).toEqual(["baseUrl"]);
  });
});
