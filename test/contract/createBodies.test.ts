import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownershipAnnotations, type Props } from "../../provider/engine";
import { packageVersion } from "../../provider/version";
import { hostProviderFor, startAnswerServer, type AnswerServer } from "./answerServer";
import { fieldsOf, kindAnswer, managedValues } from "./kindAnswers";
import { wire } from "./wireAnswers";
import { wireIssues } from "./wireCheck";
import { OWNERSHIP_INPUT } from "../../resources/dynamic/ownershipInput";

const ownership = {
  workspace: "acme/contract/dev",
  resourceAddress: "urn:pulumi:dev::contract::idgov:Kind::bodies",
};
const stamps = ownershipAnnotations(ownership, packageVersion());

let server: AnswerServer;
beforeAll(async () => {
  server = await startAnswerServer();
});
afterAll(() => server.close());

/** Creates from `program` against answers that hold what it wrote; answers the bodies sent, by operation. */
async function createBodies(kindName: string, program: Props): Promise<[string, unknown][]> {
  const provider = hostProviderFor(server, kindName);
  const checked = await provider.check({}, { ...program, [OWNERSHIP_INPUT]: ownership });
  expect(checked.failures).toEqual([]);
  const inputs = checked.inputs as Props;
  const written = { fields: managedValues(inputs, fieldsOf(kindName)), annotations: stamps };
  server.seen.length = 0;
  server.answer((request) =>
    kindAnswer(kindName, request, { form: "emitUnpopulated", shape: "sparse" }, written, { fields: 0 }),
  );
  await provider.create(inputs);
  const sent = server.seen.filter((request) => request.method === "POST");
  for (const request of sent) {
    expect(wireIssues(wire.operations[request.operation]!.request!, request.body)).toEqual([]);
  }
  return sent.map((request) => [request.operation, request.body]);
}

describe("create bodies as the service takes them (wire-schemas.json)", () => {
  it("App: owners, identityMatching and appEntitlementOwnerRefs in the create; iconUrl by the masked update after", async () => {
    const bodies = await createBodies("App", {
      displayName: "Owned",
      iconUrl: "https://icons.example.com/owned.png",
      identityMatching: "APP_USER_IDENTITY_MATCHING_STRICT",
      owners: ["user-1"],
      appEntitlementOwnerRefs: [{ appId: "app-2", id: "ent-1" }],
      matchConnectorRef: { appId: "app-2", connectorId: "conn-1", externalId: "ext-1" },
    });
    expect(bodies).toEqual([
      [
        "appCreate",
        {
          displayName: "Owned",
          identityMatching: "APP_USER_IDENTITY_MATCHING_STRICT",
          matchConnectorRef: { appId: "app-2", connectorId: "conn-1", externalId: "ext-1" },
          owners: ["user-1"],
          appEntitlementOwnerRefs: [{ appId: "app-2", id: "ent-1" }],
          annotations: stamps,
        },
      ],
      ["appUpdate", { app: { iconUrl: "https://icons.example.com/owned.png" }, updateMask: "iconUrl" }],
    ]);
  });

  it("AppResource: matchConnectorId and resourceOwnerUserIds in the create", async () => {
    const bodies = await createBodies("AppResource", {
      appId: "app-1",
      appResourceTypeId: "type-1",
      displayName: "acme/owned",
      matchConnectorId: "conn-1",
      resourceOwnerUserIds: ["user-1", "user-2"],
    });
    expect(bodies).toEqual([
      [
        "appResourceCreate",
        {
          displayName: "acme/owned",
          matchConnectorId: "conn-1",
          resourceOwnerUserIds: ["user-1", "user-2"],
          annotations: stamps,
        },
      ],
    ]);
  });

  it("AuthConfig: status in the create", async () => {
    const bodies = await createBodies("AuthConfig", {
      displayName: "Acme SSO",
      status: "AUTH_CONFIG_STATUS_DEPRECATED",
      oidc: { issuerId: "https://issuer.example.com", scopes: ["openid"] },
    });
    expect(bodies).toEqual([
      [
        "authConfigCreate",
        {
          displayName: "Acme SSO",
          status: "AUTH_CONFIG_STATUS_DEPRECATED",
          oidc: { issuerId: "https://issuer.example.com", scopes: ["openid"] },
        },
      ],
    ]);
  });
});
