import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runImpact } from "../../../provider/cli/impact/command";
import type { ImpactOptions } from "../../../provider/cli/impact/options";
import { sharedConnection } from "../../../provider/client/sharedClient";
import { impactOf, type PlannedChange } from "../../../provider/impact";
import { SEED } from "../../../emulator";
import { DEFAULT_CREDENTIALS } from "../../../emulator/testing";
import { useEmulator } from "../../support/emulatorSuite";
import { preview, step } from "./previewSteps";

const suite = useEmulator();

function settings(): Map<string, string> {
  return new Map([
    ["idgov:baseUrl", suite.url],
    ["idgov:clientId", DEFAULT_CREDENTIALS.clientId],
    ["idgov:clientSecret", DEFAULT_CREDENTIALS.clientSecret],
  ]);
}

function client() {
  const values = settings();
  return sharedConnection({ get: (key) => values.get(key) }).client.labelled("impact test");
}

/** The API requests (not token requests) logged since the last reset, as `METHOD path`. */
/** The API requests the emulator saw, sorted: reads run concurrently, so their order is not part of the contract. */
async function apiReads(): Promise<string[]> {
  return (await suite.requests())
    .filter((r) => r.path.startsWith("/api/"))
    .map((r) => `${r.method} ${r.path}`)
    .sort();
}

/** What the emulator itself answers for a count. */
async function live(path: string, pick: (body: any) => string): Promise<number> {
  return Number(pick((await suite.api.get(path)).body));
}

function runOn(document: unknown, options: Partial<ImpactOptions> = {}) {
  const stdin = Readable.from([JSON.stringify(document)]);
  return runImpact(
    {
      preview: undefined,
      format: "json",
      threshold: undefined,
      unknownCrosses: false,
      settings: settings(),
      ...options,
    },
    stdin,
  );
}

const [repository] = SEED.appResources;
const RESOURCE_ID = `${repository.appId}/${repository.appResourceTypeId}/${repository.id}`;
const RESOURCE_PATH = `/api/v1/apps/${repository.appId}/resource_types/${repository.appResourceTypeId}/resources/${repository.id}`;

describe("impact counts from the tenant", () => {
  it("counts a deleted app's users with one read of the app, and says its grants are unknown", async () => {
    const change: PlannedChange = {
      kind: "App",
      operation: "delete",
      changedPaths: [],
      id: "app-salesforce",
      name: "salesforce",
    };
    const impacts = await impactOf(change, client());
    const users = await live("/api/v1/apps/app-salesforce", (body) => body.app.userCount);
    expect(users).toBe(230);
    expect(impacts.map(({ object, count, tenantWide }) => ({ object, count, tenantWide }))).toEqual([
      { object: "App salesforce (app-salesforce)", count: users, tenantWide: false },
      { object: "App salesforce (app-salesforce)", count: "unknown", tenantWide: false },
    ]);
    expect(impacts[1]?.meaning).toContain("unknown: the service lists no app's entitlements");
  });

  it("counts a catalog's members, and an app resource's grants, as the emulator holds them", async () => {
    const catalog = await impactOf(
      {
        kind: "RequestCatalog",
        operation: "update",
        changedPaths: ["visibleToEveryone"],
        id: "cat-engineering",
        oldInputs: { visibleToEveryone: true },
        newInputs: {},
      },
      client(),
    );
    const resource = await impactOf(
      { kind: "AppResource", operation: "delete", changedPaths: [], id: RESOURCE_ID },
      client(),
    );
    expect(catalog.map((impact) => impact.count)).toEqual([
      await live("/api/v1/catalogs/cat-engineering", (body) => body.requestCatalogView.memberCount),
    ]);
    expect(resource.map((impact) => impact.count)).toEqual([
      await live(RESOURCE_PATH, (body) => body.appResourceView.appResource.grantCount),
    ]);
    expect([catalog[0]?.count, resource[0]?.count]).toEqual([14, 3]);
  });

  it("says unknown, not zero, for an object that is gone", async () => {
    const [impact] = await impactOf(
      { kind: "App", operation: "delete", changedPaths: [], id: "app-gone" },
      client(),
    );
    expect(impact).toMatchObject({
      count: "unknown",
      meaning: "the app's users lose it (App.userCount) (unknown: the object is not in the tenant)",
    });
  });
});

describe("impact costs at most one read per changed object", () => {
  it("reads each counted object once, and nothing for settings, automations or renames", async () => {
    const result = await runOn(
      preview([
        step("delete", "App", "salesforce", { id: "app-salesforce", olds: { description: "crm" } }),
        step("update", "RequestCatalog", "eng", {
          id: "cat-engineering",
          olds: { displayName: "E", visibleToEveryone: true },
          news: { displayName: "E" },
        }),
        step("delete", "AppResource", "repo", { id: RESOURCE_ID, olds: { displayName: "infra" } }),
        step("update", "SessionSettings", "session", {
          id: "session",
          olds: { ssoUserSource: { enabled: false } },
          news: { ssoUserSource: { enabled: true } },
        }),
        step("delete", "Automation", "joiner", { id: "auto-joiner-onboarding", olds: { displayName: "J" } }),
        step("update", "App", "aws", {
          id: "app-aws",
          olds: { description: "a" },
          news: { description: "b" },
        }),
      ]),
    );
    expect(await apiReads()).toEqual(
      [
        "GET /api/v1/apps/app-salesforce",
        "GET /api/v1/catalogs/cat-engineering",
        `GET ${RESOURCE_PATH}`,
      ].sort(),
    );
    expect(result.impacts.map((impact) => [impact.kind, impact.count, impact.tenantWide])).toEqual([
      ["App", 230, false],
      ["App", "unknown", false],
      ["RequestCatalog", 14, true],
      ["AppResource", 3, false],
      ["SessionSettings", "unknown", true],
      ["Automation", "unknown", false],
    ]);
  });

  it("makes no request at all, and needs no connection, for a no-op preview of 1,000 resources", async () => {
    const unchanged = Array.from({ length: 1000 }, (_, n) =>
      step("same", "App", `app-${n}`, {
        id: `app-${n}`,
        olds: { displayName: `A${n}` },
        news: { displayName: `A${n}` },
      }),
    );
    const result = await runOn(preview(unchanged), { settings: new Map() });
    expect(result.impacts).toEqual([]);
    expect(await suite.requests()).toEqual([]);
    expect(JSON.parse(result.text)).toEqual({ threshold: null, crossed: false, impacts: [] });
  });

  it("among 1,000 unchanged resources, reads only the 2 changed ones", async () => {
    const unchanged = Array.from({ length: 998 }, (_, n) =>
      step("same", "App", `app-${n}`, {
        id: `app-${n}`,
        olds: { displayName: `A${n}` },
        news: { displayName: `A${n}` },
      }),
    );
    await runOn(
      preview([
        ...unchanged,
        step("delete", "App", "github", { id: "app-github", olds: { description: "g" } }),
        step("delete", "RequestCatalog", "finance", { id: "cat-finance", olds: { displayName: "F" } }),
      ]),
    );
    expect(await apiReads()).toEqual(["GET /api/v1/apps/app-github", "GET /api/v1/catalogs/cat-finance"]);
  });
});

describe("the exit judgement and the formats", () => {
  const deleteGithub = preview([
    step("delete", "App", "github", { id: "app-github", olds: { description: "g" } }),
  ]);

  it.each([
    [undefined, false, false],
    [412, false, false],
    [411, false, true],
    [500, true, true],
  ])(
    "with --threshold %s (unknown crosses: %s), crossed is %s",
    async (threshold, unknownCrosses, crossed) => {
      const result = await runOn(deleteGithub, { threshold, unknownCrosses });
      expect(result.crossed).toBe(crossed);
      expect(JSON.parse(result.text).crossed).toBe(crossed);
    },
  );

  it("a tenant-wide change crosses any threshold", async () => {
    const result = await runOn(
      preview([
        step("update", "XaaSettings", "xaa", {
          id: "cross-app-access",
          olds: { enabled: true },
          news: { enabled: false },
        }),
      ]),
      { threshold: 1_000_000 },
    );
    expect(result.crossed).toBe(true);
  });

  it("writes a Markdown table for a pull request, and a plain table", async () => {
    const markdown = await runOn(deleteGithub, { format: "markdown", threshold: 100 });
    expect(markdown.text.split("\n")).toEqual([
      "### Who these changes touch (pulumi-idgov impact)",
      "",
      "| Object | Change | Count | Who |",
      "| --- | --- | ---: | --- |",
      "| App github (app-github) | delete | 412 ⚠️ | 412 users lose the app (App.userCount) |",
      "| App github (app-github) | delete | unknown | every grant of the app's entitlements ends with it (unknown: the service lists no app's entitlements, so their grantCount cannot be summed) |",
      "",
      "2 impacts of planned changes; 1 cross the threshold of 100.",
    ]);
    const table = await runOn(deleteGithub, { format: "table" });
    expect(table.text.split("\n")[1]).toMatch(
      /^App github \(app-github\) {2}delete {2}412 +412 users lose the app/,
    );
  });

  it("checks the preview's stack config against the secret's own address, leaving out secrets", async () => {
    const values = settings();
    const document = {
      ...deleteGithub,
      config: { "idgov:baseUrl": suite.url, "idgov:clientSecret": "[secret]" },
    };
    const previous = { secret: process.env.IDGOV_CLIENT_SECRET, baseUrl: process.env.IDGOV_BASE_URL };
    process.env.IDGOV_CLIENT_SECRET = values.get("idgov:clientSecret");
    const options = { settings: new Map([["idgov:clientId", values.get("idgov:clientId")!]]) };
    try {
      // The secret comes with no address of its own: the plan's alone is never paired with it.
      delete process.env.IDGOV_BASE_URL;
      await expect(runOn(document, options)).rejects.toThrow(
        `idgov:clientSecret comes from IDGOV_CLIENT_SECRET with no address of its own, and the tenant ${suite.url} comes only from the plan's stack config`,
      );
      process.env.IDGOV_BASE_URL = suite.url;
      const result = await runOn(document, options);
      expect(result.impacts[0]?.count).toBe(412);
    } finally {
      for (const [name, value] of [
        ["IDGOV_CLIENT_SECRET", previous.secret],
        ["IDGOV_BASE_URL", previous.baseUrl],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

describe("when the tenant cannot be read", () => {
  it("fails naming the read, and never shows the secret", async () => {
    const wrong = new Map(settings());
    wrong.set("idgov:clientSecret", "wrong-secret-value");
    const run = runOn(
      preview([step("delete", "App", "github", { id: "app-github", olds: { description: "g" } })]),
      {
        settings: wrong,
      },
    );
    await expect(run).rejects.toThrow(/impact: read App app-github/);
    await expect(run).rejects.not.toThrow(/wrong-secret-value/);
  });
});
