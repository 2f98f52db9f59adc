import { describe, expect, it } from "vitest";
import { kindNamed } from "../../../provider/kinds";
import { SingletonClaims } from "../../../provider/service/singletonClaims";

const WORKSPACE = "organization/tenant/prod";
const at = (name: string, type = "idgov:index:SsoSettings", workspace = WORKSPACE) => ({
  workspace,
  resourceAddress: `urn:pulumi:prod::tenant::${type}::${name}`,
});

describe("a settings singleton is declared once per stack", () => {
  it("refuses a second resource of the stack declaring it, naming both", () => {
    const claims = new SingletonClaims();
    expect(claims.claim(kindNamed("SsoSettings"), at("sso"))).toBeUndefined();
    expect(
      claims.claim(
        kindNamed("SsoSettings"),
        at("baseline-sso", "idgov:index:TenantBaseline$idgov:index:SsoSettings"),
      ),
    ).toEqual({
      property: "",
      reason:
        'SsoSettings is one per tenant, but this program declares it 2 times ("sso", "baseline-sso"): declare it once',
    });
  });

  it("lets the same resource be checked again (a preview, then the update), another stack, another singleton", () => {
    const claims = new SingletonClaims();
    expect(claims.claim(kindNamed("SsoSettings"), at("sso"))).toBeUndefined();
    expect(claims.claim(kindNamed("SsoSettings"), at("sso"))).toBeUndefined();
    expect(
      claims.claim(kindNamed("SsoSettings"), at("sso", undefined, "organization/tenant/dev")),
    ).toBeUndefined();
    expect(claims.claim(kindNamed("XaaSettings"), at("xaa", "idgov:index:XaaSettings"))).toBeUndefined();
  });

  it("leaves kinds with many objects alone", () => {
    const claims = new SingletonClaims();
    expect(claims.claim(kindNamed("App"), at("a", "idgov:index:App"))).toBeUndefined();
    expect(claims.claim(kindNamed("App"), at("b", "idgov:index:App"))).toBeUndefined();
  });
});
