import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator/index";
import { useEmulator } from "../support/emulatorSuite";

const suite = useEmulator();

const { appId, appResourceTypeId } = SEED.resourceType;
const collection = `/api/v1/apps/${appId}/resource_types/${appResourceTypeId}/resources`;

describe("app resource create", () => {
  it("answers the created resource (not a view) with server-managed fields", async () => {
    const answer = await suite.api.post(collection, {
      displayName: "acme/docs",
      annotations: { team: "docs" },
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(["appResource"]);
    expect(answer.body.appResource).toMatchObject({
      appId,
      appResourceTypeId,
      displayName: "acme/docs",
      grantCount: "0",
      annotations: { team: "docs" },
      agentTrait: null,
    });
    expect("secretTrait" in answer.body.appResource).toBe(false);
  });

  it("answers 404 for a resource type that is not the app's", async () => {
    const answer = await suite.api.post(
      `/api/v1/apps/app-aws/resource_types/${appResourceTypeId}/resources`,
      {
        displayName: "x",
      },
    );
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(`resource type "${appResourceTypeId}" not found in app "app-aws"`);
  });

  it("answers 400 naming the key and the rule for a reserved annotation prefix", async () => {
    const answer = await suite.api.post(collection, { displayName: "x", annotations: { "c1/owner": "me" } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'invalid annotations: annotation key "c1/owner" uses the reserved prefix "c1/"',
    );
  });
});

describe("app resource read, update and delete", () => {
  it("answers a view with paths into expanded objects and object permissions", async () => {
    const [resource] = SEED.appResources;
    const answer = await suite.api.post(`${collection}/${resource.id}`, {
      appResource: { description: "Terraform" },
      updateMask: "description",
      expandMask: { paths: ["app", "resource_type"] },
    });
    expect(answer.body.appResourceView).toMatchObject({
      appPath: "$.expanded[0]",
      resourceTypePath: "$.expanded[1]",
      parentResourcePath: "",
      objectPermissions: { delete: true, edit: true, read: true, extra: {} },
      appResource: { id: resource.id, description: "Terraform" },
    });
    expect(answer.body.expanded.map((item: any) => item["@type"])).toEqual([
      "type.googleapis.com/idgov.v1.App",
      "type.googleapis.com/idgov.v1.AppResourceType",
    ]);
  });

  it("serves agent and secret traits; the agent status is writable (reference 5.2)", async () => {
    const agent = SEED.appResources[2];
    const path = `/api/v1/apps/${agent.appId}/resource_types/${agent.appResourceTypeId}/resources/${agent.id}`;
    const answer = await suite.api.post(path, {
      appResource: { agentTrait: { identityAppUserId: "appuser-new" } },
      updateMask: "agentTrait",
    });
    expect(answer.body.appResourceView.appResource.agentTrait).toEqual({
      identityAppUserId: "appuser-new",
      status: "AGENT_STATUS_UNSPECIFIED",
    });
    const status = await suite.api.post(path, {
      appResource: { agentTrait: { status: "AGENT_STATUS_DISABLED" } },
      updateMask: "agentTrait.status",
    });
    expect(status.body.appResourceView.appResource.agentTrait).toEqual({
      identityAppUserId: "appuser-new",
      status: "AGENT_STATUS_DISABLED",
    });
  });

  it("keeps agentTrait beside a secretTrait set by an update: oneof metadata holds secretTrait alone", async () => {
    const agent = SEED.appResources[2];
    const path = `/api/v1/apps/${agent.appId}/resource_types/${agent.appResourceTypeId}/resources/${agent.id}`;
    const secretTrait = { credentialDetail: "rotated monthly" };
    const answer = await suite.api.post(path, { appResource: { secretTrait }, updateMask: "secretTrait" });
    expect(answer.status).toBe(200);
    const updated = answer.body.appResourceView.appResource;
    expect(updated.secretTrait).toMatchObject(secretTrait);
    expect(updated.agentTrait).toMatchObject({ identityAppUserId: "appuser-support-bot" });
  });

  it("takes resourceOwnerUserIds and matchConnectorId on create, and answers 400 naming an unknown owner", async () => {
    const created = await suite.api.post(collection, {
      displayName: "acme/owned",
      matchConnectorId: "conn-github",
      resourceOwnerUserIds: [SEED.callerUserId],
    });
    expect([created.status, created.body.appResource.matchConnectorId]).toEqual([200, "conn-github"]);
    const unknown = await suite.api.post(collection, {
      displayName: "acme/x",
      resourceOwnerUserIds: ["user-nope"],
    });
    expect(unknown.body.message).toBe('invalid body: resourceOwnerUserIds[0]: user "user-nope" not found');
  });

  it.each([["grantCount"], ["externalId"], ["appId"], ["profile"]])(
    "answers 400 for the read-only path %s",
    async (path) => {
      const answer = await suite.api.post(`${collection}/${SEED.appResources[0].id}`, {
        appResource: {},
        updateMask: path,
      });
      expect(answer.body.message).toBe(`invalid update_mask: path "${path}" is read-only`);
    },
  );

  it("answers 404 after delete and for a second delete", async () => {
    const created = await suite.api.post(collection, { displayName: "temp" });
    const path = `${collection}/${created.body.appResource.id}`;
    expect((await suite.api.delete(path)).body).toEqual({});
    expect((await suite.api.get(path)).status).toBe(404);
    expect((await suite.api.delete(path)).status).toBe(404);
  });
});

describe("app resource list", () => {
  it("answers the views of one app's resources of one type, oldest first, page by page", async () => {
    const before = (await suite.api.get(`${collection}?page_size=100`)).body.list as {
      appResource: { id: string };
    }[];
    const created: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      created.push((await suite.api.post(collection, { displayName: `repo-${index}` })).body.appResource.id);
    }
    const first = await suite.api.get(`${collection}?page_size=10`);
    const second = await suite.api.get(`${collection}?page_size=10&page_token=${first.body.nextPageToken}`);
    const ids = [...first.body.list, ...second.body.list].map(
      (view: { appResource: { id: string } }) => view.appResource.id,
    );
    expect(ids).toEqual([...before.map((view) => view.appResource.id), ...created]);
    expect(second.body.nextPageToken).toBe("");
    expect(first.body.list[0]).toMatchObject({
      appResource: { appId, appResourceTypeId },
      objectPermissions: { read: true },
    });
  });

  it("answers 404 for a resource type that is not the app's", async () => {
    const answer = await suite.api.get(`/api/v1/apps/app-aws/resource_types/${appResourceTypeId}/resources`);
    expect(answer.status).toBe(404);
  });
});
