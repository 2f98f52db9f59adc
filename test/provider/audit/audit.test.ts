import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonReport } from "../../../provider/audit/formats/json";
import { markdownReport } from "../../../provider/audit/formats/markdown";
import { tableReport } from "../../../provider/audit/formats/table";
import { parseIgnoreFile } from "../../../provider/audit/ignore";
import { type AuditReport, runAudit } from "../../../provider/audit/run";
import { parseStackExport } from "../../../provider/audit/stackState";
import type { AuditObject } from "../../../provider/audit/types";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { apiRequests, clearRequests, outOfBand, isWrite, setFaults } from "../../../testkit/emulatorApi";
import { type HeldSpec, type StackName, stackExportText } from "../../../testkit/stackExport";
import { emulatorConfig, TenantSeeder } from "../../../testkit/tenantSeeder";

const TEAM_A: StackName = { org: "acme", project: "idp", stack: "team-a" };
const TEAM_B: StackName = { org: "acme", project: "idp", stack: "team-b" };
const RETIRED: StackName = { org: "acme", project: "idp", stack: "retired" };
const OIDC_SECRET = "oidc-plaintext-secret-7f3a";
const GITHUB_REPOS = { appId: "app-github", appResourceTypeId: "rt-github-repository" };

let emulator: RunningEmulator;
let workDir: string;
let report: AuditReport;
let lines: string[];
const ids: Record<string, string> = {};

function audit(states: Record<string, HeldSpec[]>, ignore = ""): Promise<AuditReport> {
  const config = emulatorConfig(emulator);
  const stacks = Object.entries(states).map(([name, held]) => {
    const [org, project, stack] = name.split("/") as [string, string, string];
    return parseStackExport(stackExportText({ org, project, stack }, held), `${name}.json`);
  });
  return runAudit(
    {
      stacks,
      appResourceCollections: [],
      ignore: parseIgnoreFile(ignore, ".idgov-audit-ignore"),
      config: { get: (key) => config[key] },
    },
    (line) => lines.push(line),
  );
}

function find(kind: string, id: string): AuditObject {
  const found = report.objects.find((object) => object.kind === kind && object.id === id);
  if (!found) throw new Error(`${kind} ${id} is not in the report`);
  return found;
}

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  workDir = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-audit-"));
  const seed = new TenantSeeder(emulator);
  const managed = await seed.createHeld(TEAM_A, "App", "managed", {
    displayName: "Audit managed",
    description: "By code",
  });
  const drifted = await seed.createHeld(TEAM_A, "App", "drifted", {
    displayName: "Audit drifted",
    description: "By code",
  });
  const shared = await seed.createHeld(TEAM_A, "App", "shared", { displayName: "Audit shared" });
  const orphan = await seed.createHeld(TEAM_A, "App", "orphan", { displayName: "Audit orphan" });
  const retired = await seed.createHeld(RETIRED, "App", "retired", { displayName: "Audit retired" });
  const repo = await seed.createHeld(TEAM_A, "AppResource", "repo", {
    ...GITHUB_REPOS,
    displayName: "Audit repo",
  });
  const sso = await seed.createHeld(
    TEAM_B,
    "AuthConfig",
    "sso",
    {
      displayName: "Audit SSO",
      oidc: {
        issuerId: "https://login.acme.example.com",
        oidcClientId: "idgov",
        oidcClientSecret: OIDC_SECRET,
      },
    },
    { secretInputs: ["oidc.oidcClientSecret"] },
  );
  const twin = await seed.create("App", { displayName: "audit managed" });
  await outOfBand(emulator, "POST", "/api/v1/catalogs/cat-engineering", {
    catalog: { annotations: TenantSeeder.stamps(TEAM_A, "RequestCatalog", "engineering") },
    updateMask: "annotations",
  });
  const engineering = await seed.read("RequestCatalog", "cat-engineering");
  const catalog: HeldSpec = {
    kind: "RequestCatalog",
    name: "engineering",
    inputs: {
      adoptId: "cat-engineering",
      description: engineering.fields.description,
      accessEntitlements: [...(engineering.fields.accessEntitlements as unknown[])].reverse(),
    },
    live: engineering,
  };
  const session = await seed.read("SessionSettings", "session");
  Object.assign(ids, {
    managed: managed.live.id,
    drifted: drifted.live.id,
    shared: shared.live.id,
    orphan: orphan.live.id,
  });
  Object.assign(ids, { retired: retired.live.id, repo: repo.live.id, sso: sso.live.id, twin: twin.id });
  await outOfBand(emulator, "POST", `/api/v1/apps/${ids.drifted}`, {
    app: { description: "By hand" },
    updateMask: "description",
  });
  const gone: HeldSpec = {
    ...managed,
    name: "gone",
    live: { id: "app-deleted-long-ago", fields: managed.live.fields },
  };
  const sessionHeld: HeldSpec = {
    kind: "SessionSettings",
    name: "session",
    inputs: { maxSessionLength: session.fields.maxSessionLength },
    live: session,
  };
  await clearRequests(emulator);
  lines = [];
  report = await audit({
    "acme/idp/team-a": [managed, drifted, shared, repo, gone, catalog],
    "acme/idp/team-b": [{ ...shared, name: "shared-too" }, sso, { ...sessionHeld, showSecrets: true }],
  });
});
afterAll(async () => {
  await emulator?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe("pulumi-idgov audit against a seeded tenant and two stacks", () => {
  it("sorts every object into its class", () => {
    expect(find("App", ids.managed!)).toEqual({
      kind: "App",
      id: ids.managed,
      displayName: "Audit managed",
      class: "managed",
      stack: "acme/idp/team-a",
      duplicateOf: [ids.twin],
    });
    expect(find("App", ids.drifted!)).toMatchObject({
      class: "managed",
      stack: "acme/idp/team-a",
      driftedFields: ["description"],
    });
    expect(find("App", ids.orphan!)).toMatchObject({ class: "orphaned", stack: "acme/idp/team-a" });
    expect(find("App", ids.retired!)).toMatchObject({ class: "claimed", claimedBy: "acme/idp/retired" });
    expect(find("App", ids.shared!)).toMatchObject({
      class: "double-claimed",
      heldBy: ["acme/idp/team-a", "acme/idp/team-b"],
    });
    expect(find("App", "app-deleted-long-ago")).toMatchObject({ class: "gone", stack: "acme/idp/team-a" });
    expect(find("App", ids.twin!)).toMatchObject({ class: "duplicate", duplicateOf: [ids.managed] });
    expect(find("App", "app-github")).toMatchObject({ class: "unmanaged" });
    expect(find("Automation", "auto-joiner-onboarding")).toMatchObject({
      class: "claimed",
      claimedBy: "managed_by=console",
    });
  });

  it("reads the collections the stacks hold app resources in, and the singletons", () => {
    expect(find("AppResource", ids.repo!)).toMatchObject({ class: "managed", stack: "acme/idp/team-a" });
    expect(find("AppResource", "app-github/rt-github-repository/res-github-infra")).toMatchObject({
      class: "unmanaged",
    });
    expect(
      report.objects.filter(
        (object) => object.kind === "AppResource" && !object.id.startsWith("app-github/"),
      ),
    ).toEqual([]);
    expect(find("SessionSettings", "session")).toEqual({
      kind: "SessionSettings",
      id: "session",
      displayName: "session",
      class: "managed",
      stack: "acme/idp/team-b",
    });
    expect(find("SsoSettings", "sso")).toMatchObject({ class: "unmanaged" });
  });

  it("never counts a secret the export keeps encrypted, server-filled fields, nor a set's order, as drift", () => {
    expect(find("RequestCatalog", "cat-engineering")).toEqual(
      expect.objectContaining({ class: "managed", stack: "acme/idp/team-a" }),
    );
    expect(find("RequestCatalog", "cat-engineering").driftedFields).toBeUndefined();
    expect(find("AuthConfig", ids.sso!)).toEqual(
      expect.objectContaining({ class: "managed", stack: "acme/idp/team-b" }),
    );
    expect(find("AuthConfig", ids.sso!).driftedFields).toBeUndefined();
    expect(find("App", ids.managed!).driftedFields).toBeUndefined();
  });

  it("sends only reads: GETs and list searches, one per page, and a GET confirming each difference; never a write", async () => {
    const requests = await apiRequests(emulator);
    const writes = requests.filter(isWrite);
    expect(writes).toEqual([]);
    const count = (method: string) => requests.filter((request) => request.method === method).length;
    // The listing's 7 GETs and 1 search, then a GET confirming each held object the listing left out or found drifted,
    // and for the one the service calls gone, a second GET: gone is the service's word twice.
    expect({ GET: count("GET"), POST: count("POST") }).toEqual({ GET: 11, POST: 1 });
    expect(requests.filter((request) => request.path === "/api/v1/apps/app-deleted-long-ago").length).toBe(2);
    expect(requests.map((request) => request.path)).toEqual(
      expect.arrayContaining([`/api/v1/apps/${ids.drifted}`, "/api/v1/apps/app-deleted-long-ago"]),
    );
    expect(requests.filter((request) => request.path === "/api/v1/apps").length).toBe(1);
  });

  it("takes no held object for gone on a search alone: while the index trails the create, a GET finds it", async () => {
    const seed = new TenantSeeder(emulator);
    await setFaults(emulator, { searchLagMs: 60_000 });
    try {
      const fresh = await seed.createHeld(TEAM_A, "Automation", "fresh", { displayName: "Audit fresh" });
      await clearRequests(emulator);
      const lagging = await audit({ "acme/idp/team-a": [fresh] });
      const found = lagging.objects.find(
        (object) => object.kind === "Automation" && object.id === fresh.live.id,
      );
      expect(found?.class).toBe("managed");
      const reads = (await apiRequests(emulator)).map((request) => `${request.method} ${request.path}`);
      expect(reads).toContain(`GET /api/v1/automations/${fresh.live.id}`);
      await outOfBand(emulator, "DELETE", `/api/v1/automations/${fresh.live.id}`);
    } finally {
      await setFaults(emulator, {});
    }
  });

  it("reports progress per kind on stderr's lines", () => {
    expect(lines).toContain("audit: App: 12 read");
    expect(lines).toContain("audit: AppResource: 3 read");
  });

  it("sums up, and answers exit code 6: drift and unmanaged-class findings", () => {
    expect(report.summary).toMatchObject({
      drifted: 1,
      duplicateGroups: 1,
      ignored: 0,
      exitCode: 6,
      byClass: { "double-claimed": 1, gone: 1, orphaned: 1, duplicate: 1 },
    });
  });

  it("writes JSON (version 1), Markdown and a table, with no secret in any", () => {
    const json = JSON.parse(jsonReport(report)) as {
      version: number;
      objects: AuditObject[];
      summary: { exitCode: number };
    };
    expect(json.version).toBe(1);
    expect(json.objects).toContainEqual(
      expect.objectContaining({ id: ids.drifted, class: "managed", driftedFields: ["description"] }),
    );
    expect(json.summary.exitCode).toBe(6);
    const markdown = markdownReport(report);
    expect(markdown).toContain("| Class | Kind | Id | Display name | Stack | Details |");
    expect(markdown).toContain(
      `| drifted | App | ${ids.drifted} | Audit drifted | acme/idp/team-a | drift: description |`,
    );
    expect(markdown).toContain(`adoptId: "${ids.orphan}"`);
    expect(markdown).toContain("pulumi-idgov export --out ./adopt --kinds App,");
    const table = tableReport(report);
    expect(table).toMatch(new RegExp(`^orphaned +App +${ids.orphan} +Audit orphan +acme/idp/team-a`, "m"));
    for (const text of [jsonReport(report), markdown, table, lines.join("\n")]) {
      expect(text).not.toContain(OIDC_SECRET);
      expect(text).not.toContain("emulator-secret");
      expect(text).not.toContain("By hand");
    }
  });

  it("leaves out what the ignore file names, by id or by display name", async () => {
    const ignored = await audit(
      { "acme/idp/team-a": [] },
      "# left to the console\nApp:app-git*\n*:name=audit*\n",
    );
    const apps = ignored.objects.filter((object) => object.kind === "App").map((object) => object.id);
    expect(apps).not.toContain("app-github");
    expect(apps).not.toContain(ids.orphan);
    expect(apps).toContain("app-aws");
    // app-github; the six apps, the app resource and the auth config named "Audit …".
    expect(ignored.summary.ignored).toBe(8);
  });
});
