import { describe, expect, it } from "vitest";
import { organizationName, ownershipFromUrn } from "../../provider/service/ownership";

describe("the ownership the native door stamps, from the URN the engine sends", () => {
  it.each([
    ["urn:pulumi:prod::platform::idgov:index:App::github", "acme/platform/prod"],
    ["urn:pulumi:dev::idgov-native::idgov:index:App::a::b", "acme/idgov-native/dev"],
    ["urn:pulumi:e2e::p::pulumi:pulumi:Stack$idgov:index:App::child", "acme/p/e2e"],
  ])("%s is in workspace %s, stamped with its URN", (urn, workspace) => {
    expect(ownershipFromUrn(urn, "acme")).toEqual({ workspace, resourceAddress: urn });
  });

  it("refuses what is not a URN", () => {
    expect(() => ownershipFromUrn("github", "acme")).toThrow('not a Pulumi URN: "github"');
  });

  it("names the organization PULUMI_ORGANIZATION names, else `organization` as a self-managed backend does", () => {
    expect(organizationName({ PULUMI_ORGANIZATION: "acme" })).toBe("acme");
    expect(organizationName({})).toBe("organization");
  });
});
