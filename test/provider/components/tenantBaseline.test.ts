import { describe, expect, it } from "vitest";
import { COMPONENTS, inputOf, planComponent } from "../../../provider/components";
import { UNKNOWN } from "../../../provider/engine";
import { packViolations } from "./pack";

const tenantBaseline = COMPONENTS.TenantBaseline;
const ADMIN_NETWORKS = ["10.20.0.0/16", "2001:db8:20::/48"];
const ADMIN_ONLY = { enabled: true, sourceCidr: ADMIN_NETWORKS };

describe("TenantBaseline: the tenant's settings to the company's standard, compliant by construction", () => {
  it("makes the session, SSO and cross-app-access settings to the standard from the admin networks alone, each restored on destroy", () => {
    const { children, failures } = planComponent(tenantBaseline, "corp", { adminNetworks: ADMIN_NETWORKS });
    expect(failures).toEqual([]);
    expect(children).toEqual([
      {
        role: "sessionSettings",
        kind: "SessionSettings",
        name: "corp-session",
        props: {
          maxSessionLength: "8h",
          externalClientsEnabled: false,
          ssoAdminSource: ADMIN_ONLY,
          pccAdminSource: ADMIN_ONLY,
          restoreOnDelete: true,
        },
        idsOf: {},
      },
      {
        role: "ssoSettings",
        kind: "SsoSettings",
        name: "corp-sso",
        props: {
          enabled: true,
          defaultSubjectType: "SSO_SUBJECT_TYPE_PAIRWISE",
          defaultAssertionLifetime: "5m",
          defaultIdTokenSignedResponseAlg: "OIDC_SIGNING_ALGORITHM_RS256",
          restoreOnDelete: true,
        },
        idsOf: {},
      },
      {
        role: "crossAppAccessSettings",
        kind: "XaaSettings",
        name: "corp-cross-app-access",
        props: {
          enabled: false,
          defaultGrantLifetime: "1h",
          xaaIdTokenLifetime: "5m",
          allowRefreshTokenSubjects: false,
          defaultSigningAlgorithm: "XAA_SIGNING_ALGORITHM_ES256",
          enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256", "XAA_SIGNING_ALGORITHM_RS256"],
          restoreOnDelete: true,
        },
        idsOf: {},
      },
    ]);
    expect(packViolations(children)).toEqual([]);
  });

  it("takes the team's decisions within policy: a shorter session, longer assertions, cross-app access on with its own grant lifetime", () => {
    const { children, failures } = planComponent(tenantBaseline, "corp", {
      adminNetworks: ADMIN_NETWORKS,
      sessionLength: "12h",
      ssoAssertionLifetime: "10m",
      crossAppAccessEnabled: true,
      crossAppAccessGrantLifetime: "90m",
    });
    expect(failures).toEqual([]);
    expect(children.map((child) => child.props)).toEqual([
      expect.objectContaining({ maxSessionLength: "12h" }),
      expect.objectContaining({ defaultAssertionLifetime: "10m", enabled: true }),
      expect.objectContaining({ enabled: true, defaultGrantLifetime: "90m", xaaIdTokenLifetime: "5m" }),
    ]);
    expect(packViolations(children)).toEqual([]);
  });

  it("refuses a session longer than the pack allows, naming the input, the rule and the fix, where the pack reports the same rule", () => {
    const inputs = { adminNetworks: ADMIN_NETWORKS, sessionLength: "24h" };
    expect(planComponent(tenantBaseline, "corp", inputs).failures).toEqual([
      {
        property: "sessionLength",
        reason:
          'idgov-session-length: the SessionSettings "corp-session" maxSessionLength is "24h", longer than the 12h idgov-session-length allows. ' +
          "To comply with idgov-session-length: set maxSessionLength to 12h or less.",
      },
    ]);
    expect(packViolations(tenantBaseline.plan("corp", inputs)).join("\n")).toContain(
      "To comply with idgov-session-length",
    );
  });

  it("refuses a session length not known before the run (another resource's output), as the pack cannot judge it", () => {
    const { failures } = planComponent(tenantBaseline, "corp", {
      adminNetworks: ADMIN_NETWORKS,
      sessionLength: UNKNOWN,
    });
    expect(failures.map((failure) => failure.property)).toEqual(["sessionLength"]);
    expect(failures[0]?.reason).toMatch(/^idgov-session-length: /);
  });

  it.each([
    ["left out", {}, "adminNetworks", /^is required: The networks administrators sign in from/],
    ["empty", { adminNetworks: [] }, "adminNetworks", /^must list at least one: The networks/],
    ["not a list", { adminNetworks: "10.0.0.0/8" }, "adminNetworks", /^must be a list of strings$/],
    ["holding a number", { adminNetworks: ["10.0.0.0/8", 10] }, "adminNetworks[1]", /^must be a string/],
  ])("refuses admin networks %s, before any child is planned", (_, inputs, property, reason) => {
    const { children, failures } = planComponent(tenantBaseline, "corp", inputs);
    expect(children).toEqual([]);
    expect(failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
  });

  it("names a failure of either administrator restriction's ranges (the session settings' CIDR check) after adminNetworks and its index", () => {
    const [session] = tenantBaseline.plan("corp", { adminNetworks: ADMIN_NETWORKS });
    if (!session) throw new Error("no session settings planned");
    expect(inputOf(tenantBaseline, session, "ssoAdminSource.sourceCidr[1]")).toBe("adminNetworks[1]");
    expect(inputOf(tenantBaseline, session, "pccAdminSource.sourceCidr[0]")).toBe("adminNetworks[0]");
    expect(inputOf(tenantBaseline, session, "maxSessionLength")).toBe("sessionLength");
    expect(inputOf(tenantBaseline, session, "ssoAdminSource.sourceCidrs")).toBe(
      "sessionSettings.ssoAdminSource.sourceCidrs",
    );
  });
});
