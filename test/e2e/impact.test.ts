import { readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { apiRequests, clearRequests, outOfBand } from "../../testkit/emulatorApi";
import { expectSuccess, runCommand, transcriptOf } from "../../testkit/command";
import { type ExampleStack, openExampleStack } from "../../testkit/example";

let emulator: RunningEmulator;
let installed: ExampleStack;

/** Runs a shell pipeline in the program's directory, with the stack's environment and the client secret. */
function pipeline(script: string) {
  const env = { ...installed.stack.env, IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret };
  return runCommand("bash", ["-c", `set -o pipefail; ${script}`], { cwd: installed.programDir, env });
}

/** The tenant's own counts, read past the provider. */
async function liveCounts() {
  const catalog = (await outOfBand(emulator, "GET", "/api/v1/catalogs/cat-engineering")) as any;
  const app = (await outOfBand(emulator, "GET", "/api/v1/apps/app-salesforce")) as any;
  return { members: catalog.requestCatalogView.memberCount as string, users: app.app.userCount as string };
}

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  installed = await openExampleStack({
    example: path.join(__dirname, "impact", "program"),
    tarball: inject("packageTarball"),
    binDir: inject("pulumiBinDir"),
    baseUrl: emulator.url,
    stack: "e2e",
  });
  expectSuccess(await installed.stack.up());
  await installed.stack.setConfig("impact:visibleToEveryone", "false");
  await installed.stack.setConfig("impact:keepSalesforce", "false");
});
afterAll(async () => {
  await installed?.remove();
  await emulator?.close();
});

describe("pulumi preview --json | pulumi-idgov impact", () => {
  it("writes the Markdown a pull request shows, with the counts the tenant holds, and exits 3 past the threshold", async () => {
    const result = await pipeline(
      "pulumi preview --json --stack e2e | node_modules/.bin/pulumi-idgov impact --format markdown --threshold 20",
    );
    expect(result.code, transcriptOf(result)).toBe(3);
    const { members, users } = await liveCounts();
    expect([members, users]).toEqual(["14", "230"]);
    const rows = result.stdout
      .split("\n")
      .filter((line) => line.startsWith("| ") && !line.startsWith("| Object") && !line.startsWith("| ---"));
    expect(rows).toEqual([
      `| RequestCatalog engineering (cat-engineering) | visibleToEveryone: true → false | ${members} ⚠️ | **tenant-wide**: every user of the tenant but the catalog's ${members} members stops seeing it (RequestCatalogView.memberCount) |`,
      `| App salesforce (app-salesforce) | delete | ${users} ⚠️ | ${users} users lose the app (App.userCount) |`,
      "| App salesforce (app-salesforce) | delete | unknown | every grant of the app's entitlements ends with it (unknown: the service lists no app's entitlements, so their grantCount cannot be summed) |",
    ]);
    expect(result.stdout).toContain("3 impacts of planned changes; 2 cross the threshold of 20.");
  });

  it("reads the tenant once per changed object, never the unchanged app, and writes nothing", async () => {
    const plan = expectSuccess(await installed.stack.preview("--json"));
    const file = path.join(installed.programDir, "preview.json");
    await writeFile(file, plan.stdout);
    await clearRequests(emulator);
    const result = await pipeline(
      `cat ${JSON.stringify(file)} | node_modules/.bin/pulumi-idgov impact --format json`,
    );
    expect(result.code, transcriptOf(result)).toBe(0);
    const calls = (await apiRequests(emulator)).filter((request) => request.path.startsWith("/api/"));
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      "GET /api/v1/apps/app-salesforce",
      "GET /api/v1/catalogs/cat-engineering",
    ]);
    const report = JSON.parse(result.stdout) as { impacts: { urn: string; count: number | string }[] };
    expect(report.impacts.map((impact) => [impact.urn.split("::").pop(), impact.count])).toEqual([
      ["engineering", 14],
      ["salesforce", 230],
      ["salesforce", "unknown"],
    ]);
    expect(JSON.parse(await readFile(file, "utf8")).changeSummary).toMatchObject({
      update: 1,
      delete: 1,
      same: 2,
    });
  });
});
