import { describe, expect, it } from "vitest";
import { runMockedProgram } from "../../testkit/mockedProgram";

const NETWORKS = `adminNetworks: ["10.20.0.0/16", "2001:db8:20::/48"]`;
const ADMIN_ONLY = { enabled: true, sourceCidr: ["10.20.0.0/16", "2001:db8:20::/48"] };

describe("TenantBaseline of the dynamic classes: the plugin's component as a ComponentResource, under Pulumi's mocks", () => {
  it("registers the component under the plugin's token, then the three settings parented to it, to the standard, with its outputs", async () => {
    const run = await runMockedProgram([
      `const corp = new idgov.TenantBaseline("corp", { ${NETWORKS} }, { transformations: [(resource) => {
         if (resource.name !== "corp") run.logged.push([resource.name, resource.opts.parent instanceof idgov.TenantBaseline]);
         return undefined;
       }] });
       pulumi.all([corp.urn, corp.sessionSettingsId, corp.ssoSettingsId, corp.crossAppAccessSettingsId, corp.sessionLength,
         corp.ssoAssertionLifetime, corp.crossAppAccessEnabled]).apply((values) => run.logged.push(values));`,
    ]);
    expect(run.thrown).toEqual([]);
    expect(run.rejections).toEqual([]);
    expect(run.registered[0]).toMatchObject({ type: "idgov:index:TenantBaseline", name: "corp" });
    expect(run.registered.map((resource) => [resource.type, resource.name]).sort()).toEqual([
      ["idgov:index:TenantBaseline", "corp"],
      ["pulumi-nodejs:dynamic/idgov:SessionSettings", "corp-session"],
      ["pulumi-nodejs:dynamic/idgov:SsoSettings", "corp-sso"],
      ["pulumi-nodejs:dynamic/idgov:XaaSettings", "corp-cross-app-access"],
    ]);
    const inputs = Object.fromEntries(run.registered.map((resource) => [resource.name, resource.inputs]));
    expect(inputs["corp-session"]).toMatchObject({
      maxSessionLength: "8h",
      externalClientsEnabled: false,
      ssoAdminSource: ADMIN_ONLY,
      pccAdminSource: ADMIN_ONLY,
      restoreOnDelete: true,
    });
    expect(inputs["corp-sso"]).toMatchObject({
      enabled: true,
      defaultSubjectType: "SSO_SUBJECT_TYPE_PAIRWISE",
      defaultAssertionLifetime: "5m",
      defaultIdTokenSignedResponseAlg: "OIDC_SIGNING_ALGORITHM_RS256",
      restoreOnDelete: true,
    });
    expect(inputs["corp-cross-app-access"]).toMatchObject({
      enabled: false,
      defaultGrantLifetime: "1h",
      xaaIdTokenLifetime: "5m",
      allowRefreshTokenSubjects: false,
      defaultSigningAlgorithm: "XAA_SIGNING_ALGORITHM_ES256",
      enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256", "XAA_SIGNING_ALGORITHM_RS256"],
      restoreOnDelete: true,
    });
    // The mocks answer each child's inputs as its outputs: the effective values come from the children.
    expect(run.logged).toEqual([
      ["corp-session", true],
      ["corp-sso", true],
      ["corp-cross-app-access", true],
      [
        "urn:pulumi:dev::idgov-test::idgov:index:TenantBaseline::corp",
        "corp-session-id",
        "corp-sso-id",
        "corp-cross-app-access-id",
        "8h",
        "5m",
        false,
      ],
    ]);
  });

  it("refuses a session longer than the policy pack allows before anything is registered, with the plugin's message", async () => {
    const run = await runMockedProgram([
      `new idgov.TenantBaseline("corp", { ${NETWORKS}, sessionLength: "24h" })`,
    ]);
    expect(run.registered).toEqual([]);
    expect(run.thrown).toHaveLength(1);
    expect(run.thrown[0]).toContain(
      `TenantBaseline "corp" refused 1 input before any request (the policy pack's rules and its children's checks)`,
    );
    expect(run.thrown[0]).toContain(
      "- property sessionLength: idgov-session-length: " +
        'the SessionSettings "corp-session" maxSessionLength is "24h", longer than the 12h idgov-session-length allows.',
    );
  });

  it("fails a program that also declares one of its settings, as any settings singleton declared twice, registering neither", async () => {
    const message =
      'SsoSettings is one per tenant, but this program declares it 2 times ("corp-sso", "sso"): declare it once';
    const run = await runMockedProgram([
      `new idgov.TenantBaseline("corp", { ${NETWORKS} })`,
      `new idgov.SsoSettings("sso", { enabled: true })`,
    ]);
    expect(run.thrown).toEqual([message]);
    // Newer SDKs reach it through the component's outputs (`error serializing property "outputs": …`).
    expect(run.rejections).toHaveLength(1);
    expect(run.rejections[0]).toMatch(
      /^error serializing property "(outputs": error serializing property ")?singletonCheck": /,
    );
    expect(run.rejections[0]?.endsWith(message)).toBe(true);
    expect(run.registered.map((resource) => resource.name).sort()).toEqual([
      "corp",
      "corp-cross-app-access",
      "corp-session",
    ]);
  });
});
