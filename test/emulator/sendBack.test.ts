import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulatorSuite";
import { SEED } from "../../emulator/index";

const suite = useEmulator();

type Json = Record<string, any>;

const [resource] = SEED.appResources;
const resourcePath = `/api/v1/apps/${resource?.appId}/resource_types/${resource?.appResourceTypeId}/resources/${resource?.id}`;

/** One kind: where it lives, how its object sits in a GET answer, and one field to change. */
const KINDS: [string, string, string, (answer: Json) => Json, string, (current: any) => unknown][] = [
  ["an app", "/api/v1/apps/app-github", "app", (answer) => answer.app, "description", () => "d"],
  [
    "a catalog",
    "/api/v1/catalogs/cat-finance",
    "catalog",
    (answer) => answer.requestCatalogView.requestCatalog,
    "description",
    () => "d",
  ],
  [
    "an automation",
    `/api/v1/automations/${SEED.automations.published[0]}`,
    "automation",
    (answer) => answer.automation,
    "description",
    () => "d",
  ],
  [
    "an auth config",
    `/api/v1/auth-configs/${SEED.authConfigs.oidc}`,
    "authConfig",
    (answer) => answer.authConfig,
    "deprecationMessage",
    () => "d",
  ],
  [
    "an app resource",
    resourcePath,
    "appResource",
    (answer) => answer.appResourceView.appResource,
    "description",
    () => "d",
  ],
  ["the SSO settings", "/api/v1/settings/sso", "settings", (answer) => answer.settings, "enabled", (v) => !v],
  [
    "the cross-app-access settings",
    "/api/v1/settings/cross-app-access",
    "settings",
    (answer) => answer.settings,
    "allowRefreshTokenSubjects",
    (v) => !v,
  ],
  [
    "the session settings",
    "/api/v1/settings/session",
    "sessionSettings",
    (answer) => answer.sessionSettings,
    "externalClientsEnabled",
    (v) => !v,
  ],
];

function withoutUpdatedAt(object: Json): Json {
  const { updatedAt: _updatedAt, ...rest } = object;
  return rest;
}

describe("an update entity sent back as read (spec 2.0.6, reference 1)", () => {
  it.each(KINDS)(
    "%s read with GET and sent back with one changed field and a one-path mask changes only that field",
    async (_name, path, entityKey, objectOf, field, change) => {
      const before = objectOf((await suite.api.get(path)).body);
      const value = change(before[field]);
      const answer = await suite.api.post(path, {
        [entityKey]: { ...before, [field]: value },
        updateMask: field,
      });
      expect([answer.status, answer.body.message]).toEqual([200, undefined]);
      const after = objectOf((await suite.api.get(path)).body);
      expect(withoutUpdatedAt(after)).toEqual({ ...withoutUpdatedAt(before), [field]: value });
    },
  );

  it("reads the entity's annotations only when the mask names annotations", async () => {
    const app = (await suite.api.get("/api/v1/apps/app-github")).body.app;
    const sent = { ...app, annotations: { "c1/owner": "x y" } };
    const unmasked = await suite.api.post("/api/v1/apps/app-github", {
      app: sent,
      updateMask: "description",
    });
    expect(unmasked.status).toBe(200);
    const masked = await suite.api.post("/api/v1/apps/app-github", { app: sent, updateMask: "annotations" });
    expect(masked.status).toBe(400);
    expect(masked.body.message).toMatch(/^invalid annotations: /);
  });

  it("still answers 400 naming a field the resource does not have", async () => {
    const app = (await suite.api.get("/api/v1/apps/app-github")).body.app;
    const answer = await suite.api.post("/api/v1/apps/app-github", {
      app: { ...app, colour: "red" },
      updateMask: "description",
    });
    expect([answer.status, answer.body.message]).toEqual([
      400,
      "invalid body: app.colour: unrecognized field",
    ]);
  });

  it("still answers 400 for a read-only path in the mask", async () => {
    const app = (await suite.api.get("/api/v1/apps/app-github")).body.app;
    const answer = await suite.api.post("/api/v1/apps/app-github", { app, updateMask: "createdAt" });
    expect([answer.status, answer.body.message]).toEqual([
      400,
      'invalid update_mask: path "createdAt" is read-only',
    ]);
  });
});
