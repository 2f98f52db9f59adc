import { describe, expect, it } from "vitest";
import { KINDS } from "../../../provider/kinds";
import {
  KIND_FACTS,
  KIND_NAMES,
  kindOfType,
  PROVIDER_SECRET_SETTINGS,
  parseDuration,
} from "../../../provider/kinds/public";

describe("the exported kinds (pulumi-idgov/kinds)", () => {
  it("has the facts of every declared kind, with both doors' type tokens", () => {
    expect(Object.keys(KIND_FACTS)).toEqual([...KIND_NAMES]);
    expect(KINDS.map((kind) => kind.name)).toEqual([...KIND_NAMES]);
    expect(KIND_FACTS.App.typeToken).toBe("idgov:index:App");
    expect(KIND_FACTS.App.dynamicTypeToken).toBe("pulumi-nodejs:dynamic/idgov:App");
  });

  it("reads each kind's fields from its declaration, nested messages as dotted paths", () => {
    for (const kind of KINDS) {
      expect(KIND_FACTS[kind.name].fields).toEqual(expect.arrayContaining(Object.keys(kind.fields)));
    }
    expect(KIND_FACTS.App.fields).toEqual(expect.arrayContaining(["owners", "grantPolicyId", "annotations"]));
    expect(KIND_FACTS.AuthConfig.fields).toContain("providerClient.oidcClientSecret");
    expect(KIND_FACTS.AuthConfig.fields).not.toContain("annotations");
  });

  it("lists enumeration members, secrets and durations as the kinds declare them", () => {
    expect(KIND_FACTS.Automation.enums.circuitBreakerPeriod).toEqual([
      "CIRCUIT_BREAKER_PERIOD_UNSPECIFIED",
      "CIRCUIT_BREAKER_PERIOD_HOUR",
      "CIRCUIT_BREAKER_PERIOD_DAY",
      "CIRCUIT_BREAKER_PERIOD_WEEK",
      "CIRCUIT_BREAKER_PERIOD_MONTH",
    ]);
    expect(KIND_FACTS.AuthConfig.secretFields).toEqual([
      "providerDomainA.oidcClientSecret",
      "providerDomainB.oidcClientSecret",
      "providerClient.oidcClientSecret",
      "providerEnvironment.oidcClientSecret",
      "oidc.oidcClientSecret",
    ]);
    expect(KIND_FACTS.SessionSettings.durationFields).toEqual(["maxSessionLength"]);
    expect(KIND_FACTS.XaaSettings.durationFields).toEqual(["defaultGrantLifetime", "xaaIdTokenLifetime"]);
    expect(PROVIDER_SECRET_SETTINGS).toEqual(expect.arrayContaining(["clientSecret", "accessToken"]));
  });

  it.each([
    ["idgov:index:SessionSettings", "SessionSettings"],
    ["pulumi-nodejs:dynamic/idgov:App", "App"],
    ["pulumi-nodejs:dynamic:Resource", undefined],
    ["pulumi-nodejs:dynamic/other:App", undefined],
    ["idgov:index:Nope", undefined],
    ["aws:s3/bucket:Bucket", undefined],
  ])("kindOfType(%s) is %s", (type, name) => {
    expect(kindOfType(type)?.name).toBe(name);
  });

  it.each([
    ["12h", 43200],
    ["90m", 5400],
    ["1h30m", 5400],
    ["43200s", 43200],
    ["1.5s", 1.5],
    ["2d", 172800],
    ["12", undefined],
    ["twelve hours", undefined],
  ])("parseDuration(%s) is %s seconds", (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });
});
