import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { IdgovApiError, IdgovValidationError } from "../../../provider/errors";
import { appKind } from "../../../provider/kinds/app";
import { appRefusalHint, OWNERS_HINT, POLICIES_HINT } from "../../../provider/kinds/appReferences";
import { ProviderService } from "../../../provider/service/providerService";
import { EMULATOR_CREDENTIALS, stackConfig } from "../../../testkit/emulatorApi";

const OWNERS_LOOKUP = "idgov:index:listAppOwners";
const APP_LOOKUP = "idgov:index:getApp";

describe("the lookup an App's refusal by the service adds, by the fields its message names", () => {
  it.each([
    ['invalid body: owners[1]: user "nobody" not found', OWNERS_HINT],
    ["owners: unknown user", OWNERS_HINT],
    ['grantPolicyId: policy "p-9" not found', POLICIES_HINT],
    ["app.revoke_policy_id: no such policy", POLICIES_HINT],
    ["certifyPolicyId names no policy", POLICIES_HINT],
    ["owners[0] and grant_policy_id: not found", `${OWNERS_HINT}; ${POLICIES_HINT}`],
  ])("%s: adds the lookup", (message, hint) => {
    expect(appRefusalHint(message)).toBe(hint);
  });

  it.each([
    ['invalid annotations: annotation "owners" value has a character that is not URL-safe ASCII: " "'],
    ['user "grantPolicyId" not found'],
    ["appOwners is read-only"],
    ["app_owners is read-only"],
    ["invalid body: displayName: required"],
    ["update_mask is required"],
  ])("%s: adds nothing (a quoted value, another field)", (message) => {
    expect(appRefusalHint(message)).toBeUndefined();
  });

  it("names each lookup by its token and its name in each SDK", () => {
    expect(OWNERS_HINT).toContain(
      `${OWNERS_LOOKUP} (TypeScript idgov.listAppOwners, Python idgov.list_app_owners, Go idgov.ListAppOwners, Java IdgovFunctions.listAppOwners)`,
    );
    expect(POLICIES_HINT).toContain(
      `${APP_LOOKUP} (TypeScript idgov.getApp, Python idgov.get_app, Go idgov.LookupApp, Java IdgovFunctions.getApp)`,
    );
  });
});

describe("an App write the service refuses, through the provider service against the emulator", () => {
  let tenant: RunningEmulator;
  let service: ProviderService;
  const ownership = {
    workspace: "organization/refusals/dev",
    resourceAddress: "urn:pulumi:dev::refusals::idgov:index:App::payroll",
  };
  const create = (props: Record<string, unknown>) =>
    service.create(appKind, ownership, { props, secretKeys: new Set() }, false);
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => expect.unreachable("the service accepted the write"),
      (error: unknown) => error as Error,
    );
  const count = (text: string, part: string) => text.split(part).length - 1;

  beforeAll(async () => {
    tenant = await startEmulator({ quiet: true });
    const config = stackConfig(tenant);
    service = new ProviderService();
    service.configureFrom({ get: (key) => config[key] });
  });
  afterAll(async () => {
    await tenant?.close();
  });

  it("an unknown owner fails with the service's message, naming the field, and the lookup of owners once", async () => {
    const error = await refusal(create({ displayName: "Payroll", owners: ["user-0001", "nobody"] }));
    expect(error).toBeInstanceOf(IdgovValidationError);
    expect(error.message).toMatch(
      /^create App payroll: 400 INVALID_ARGUMENT: invalid body: owners\[1\]: user "nobody" not found \(request id [^)]+\); the service lists no users; idgov:index:listAppOwners \(TypeScript idgov.listAppOwners, /,
    );
    expect(count(error.message, OWNERS_LOOKUP)).toBe(1);
    expect(error.message).not.toContain(APP_LOOKUP);
    expect((error as IdgovApiError).serverMessage).toBe('invalid body: owners[1]: user "nobody" not found');
    expect((error as IdgovApiError).hint).toBe(OWNERS_HINT);
    expect(error.message).not.toContain(EMULATOR_CREDENTIALS.clientSecret);
  });

  it("an update refused under a policy id field gets the lookup of policy ids once (a value of the wrong type: the emulator takes any policy id)", async () => {
    const created = await create({ displayName: "Payroll", grantPolicyId: "policy-manager-approval" });
    const error = await refusal(
      service.update(
        appKind,
        ownership,
        created.id,
        created.props,
        { props: { displayName: "Payroll", grantPolicyId: 42 }, secretKeys: new Set() },
        false,
      ),
    );
    expect(error.message).toMatch(
      /^update App payroll: 400 INVALID_ARGUMENT: invalid body: app\.grantPolicyId: expected string \(request id [^)]+\); the service lists no grant, revoke or certify policies; idgov:index:getApp \(/,
    );
    expect(count(error.message, APP_LOOKUP)).toBe(1);
    expect(error.message).not.toContain(OWNERS_LOOKUP);
  });

  it("a refusal that names neither field, a quoted annotation key among its values, gets no lookup", async () => {
    const error = await refusal(create({ displayName: "Payroll", annotations: { owners: "not url safe" } }));
    expect(error.message).toContain('400 INVALID_ARGUMENT: invalid annotations: annotation "owners" value');
    expect(error.message).not.toContain(OWNERS_LOOKUP);
    expect(error.message).not.toContain(APP_LOOKUP);
  });
});
