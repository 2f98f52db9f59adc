import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator/index";
import { useEmulator } from "../support/emulatorSuite";

const suite = useEmulator();

async function createApp(body: Record<string, unknown> = {}) {
  const answer = await suite.api.post("/api/v1/apps", { displayName: "Jira", ...body });
  expect(answer.status).toBe(200);
  return answer.body.app as Record<string, any>;
}

describe("app create", () => {
  it("answers the app with server-managed id, timestamps, zero values and int64 strings", async () => {
    const app = await createApp({
      description: "Tickets",
      monthlyCostUsd: 12,
      annotations: { team: "it" },
    });
    expect(app).toMatchObject({
      displayName: "Jira",
      description: "Tickets",
      monthlyCostUsd: 12,
      annotations: { team: "it" },
      userCount: "0",
      accessModel: "APP_ACCESS_MODEL_UNSPECIFIED",
      appOwners: [],
      deletedAt: null,
    });
    expect(app.id).toMatch(/^[a-z][0-9A-Za-z]{26}$/);
    expect(app.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(app.updatedAt).toBe(app.createdAt);
  });

  it.each([
    [{}, "invalid body: displayName: required"],
    [{ displayName: "" }, "invalid body: displayName: required"],
    [{ displayName: 7 }, "invalid body: displayName: expected string"],
    [{ displayName: "x", colour: "red" }, "invalid body: colour: unrecognized field"],
    [{ displayName: "x", monthlyCostUsd: "12" }, "invalid body: monthlyCostUsd: expected number"],
    [{ displayName: "x", monthlyCostUsd: 12.5 }, "invalid body: monthlyCostUsd: expected an integer (int32)"],
    [{ displayName: "x", iconUrl: "https://x" }, "invalid body: iconUrl: unrecognized field"],
    [
      { displayName: "x", matchConnectorRef: { appId: "a", connectorId: "c" } },
      "invalid body: matchConnectorRef.externalId: required",
    ],
    [{ displayName: "x", logoUri: "https://x" }, "invalid body: logoUri: unrecognized field"],
  ])("answers 400 naming the field for %j", async (body, message) => {
    const answer = await suite.api.post("/api/v1/apps", body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 3, message, details: [] });
  });
});

describe("app read and delete", () => {
  it("answers a seeded app with its owners", async () => {
    const answer = await suite.api.get(`/api/v1/apps/${SEED.appWithOwners.appId}`);
    expect(answer.status).toBe(200);
    expect(answer.body.app.appOwners).toHaveLength(SEED.appWithOwners.ownerCount);
    expect(answer.body.app.appUserMapper).toEqual({
      appId: "app-github",
      mappingCases: [
        {
          appUserKeyCel: "appUser.profile.email",
          userKeyCel: "user.email",
          appId: "app-github",
          caseIndex: 0,
        },
      ],
    });
  });

  it("answers 404 on read and on a second delete once the app is deleted", async () => {
    const app = await createApp();
    expect((await suite.api.delete(`/api/v1/apps/${app.id}`)).body).toEqual({});
    const read = await suite.api.get(`/api/v1/apps/${app.id}`);
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ code: 5, message: `app "${app.id}" not found`, details: [] });
    expect((await suite.api.delete(`/api/v1/apps/${app.id}`)).status).toBe(404);
  });
});

describe("app update", () => {
  it("changes only the masked fields and clears masked fields absent from the body", async () => {
    const app = await createApp({ description: "Tickets", instructions: "Ask IT" });
    const answer = await suite.api.post(`/api/v1/apps/${app.id}`, {
      app: { displayName: "Jira Cloud", description: "ignored: not in the mask" },
      updateMask: "displayName,instructions",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.app).toMatchObject({
      displayName: "Jira Cloud",
      description: "Tickets",
      instructions: "",
    });
  });

  it("reaches nested message fields with dotted paths", async () => {
    const app = await createApp();
    const answer = await suite.api.post(`/api/v1/apps/${app.id}`, {
      app: { matchConnectorRef: { connectorId: "conn-1", appId: "ignored", externalId: "ignored" } },
      updateMask: "matchConnectorRef.connectorId",
    });
    expect(answer.body.app.matchConnectorRef).toEqual({ appId: "", connectorId: "conn-1", externalId: "" });
  });

  it("merges annotations: upserts sent keys, keeps unsent keys, removes keys sent as empty", async () => {
    const app = await createApp({ annotations: { keep: "1", drop: "2", change: "3" } });
    const answer = await suite.api.post(`/api/v1/apps/${app.id}`, {
      app: { annotations: { drop: "", change: "33", add: "4" } },
      updateMask: "annotations",
    });
    expect(answer.body.app.annotations).toEqual({ keep: "1", change: "33", add: "4" });
  });

  it("leaves updatedAt alone when the update changes nothing", async () => {
    const app = await createApp({ description: "same" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const answer = await suite.api.post(`/api/v1/apps/${app.id}`, {
      app: { description: "same" },
      updateMask: "description",
    });
    expect(answer.body.app.updatedAt).toBe(app.updatedAt);
  });

  it.each([
    ["", "update_mask is required"],
    [" , ", "update_mask is required"],
    ["display_name", 'invalid update_mask: path "display_name" must be lowerCamelCase (write "displayName")'],
    ["colour", 'invalid update_mask: unknown path "colour"'],
    ["userCount", 'invalid update_mask: path "userCount" is read-only'],
    ["createdAt", 'invalid update_mask: path "createdAt" is read-only'],
    ["displayName.first", 'invalid update_mask: unknown path "displayName.first"'],
    ["appUserMapper.appId", 'invalid update_mask: path "appUserMapper.appId" is read-only'],
  ])("answers 400 for the mask %j", async (updateMask, message) => {
    const answer = await suite.api.post("/api/v1/apps/app-aws", { app: {}, updateMask });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 3, message, details: [] });
  });

  it("answers 400 when the body has no updateMask", async () => {
    const answer = await suite.api.post("/api/v1/apps/app-aws", { app: { description: "x" } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("update_mask is required");
  });

  it("answers 400 when the mask clears the required displayName", async () => {
    const answer = await suite.api.post("/api/v1/apps/app-aws", { app: {}, updateMask: "displayName" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("invalid body: app.displayName: required (it cannot be cleared)");
  });

  it("ignores a read-only field sent in the app object when the mask does not name it", async () => {
    const before = (await suite.api.get("/api/v1/apps/app-aws")).body.app;
    expect(before.userCount).not.toBe("3");
    const answer = await suite.api.post("/api/v1/apps/app-aws", {
      app: { userCount: "3", description: "d" },
      updateMask: "description",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.app).toMatchObject({ userCount: before.userCount, description: "d" });
  });

  it("answers 404 for an update of a missing app", async () => {
    const answer = await suite.api.post("/api/v1/apps/missing", { app: {}, updateMask: "description" });
    expect(answer.status).toBe(404);
  });
});

describe("app list", () => {
  it("pages the apps in a stable order until an empty nextPageToken", async () => {
    for (let index = 0; index < 9; index += 1) await createApp({ displayName: `App ${index}` });
    const first = await suite.api.get("/api/v1/apps?page_size=10");
    expect(first.body.list).toHaveLength(10);
    expect(first.body.list.slice(0, 6).map((app: { id: string }) => app.id)).toEqual(
      SEED.apps.map((app) => app.id),
    );
    const second = await suite.api.get(`/api/v1/apps?page_size=10&page_token=${first.body.nextPageToken}`);
    expect(second.body.list).toHaveLength(5);
    expect(second.body.nextPageToken).toBe("");
  });
});
