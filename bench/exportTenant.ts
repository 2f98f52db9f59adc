import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { runExport } from "../provider/cli/export/command";
import { parseExportArguments, type ExportOptions } from "../provider/cli/export/options";
import type { RunningEmulator } from "../emulator";
import { ApiSession, DEFAULT_CREDENTIALS } from "../emulator/testing";
import { apiRequests, clearRequests } from "../testkit/emulatorApi";
import { round } from "./ideal";

/** Objects the bench tenant holds besides the seed: apps, catalogs bundling an entitlement, automations. */
const ADDED = { apps: 700, catalogs: 150, automations: 150 };
const CREATE_CONCURRENCY = 16;

/** What section 8 measured. */
export interface ExportFigures {
  /** Objects `pulumi-idgov export` wrote as resources. */
  objects: number;
  /** Wall time of the export (reading every list and writing the program), milliseconds. */
  exportMs: number;
  /** API calls it sent (token requests apart). */
  apiCalls: number;
  method: string;
}

async function createAll(session: ApiSession, bodies: [string, unknown][]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const [route, body] = bodies[next++]!;
      const answer = await session.post(route, body);
      if (answer.status !== 200) throw new Error(`POST ${route}: ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, worker));
}

function benchObjects(): [string, unknown][] {
  const numbered = (count: number, make: (index: number) => [string, unknown]) =>
    Array.from({ length: count }, (_, index) => make(index));
  return [
    ...numbered(ADDED.apps, (index) => [
      "/api/v1/apps",
      {
        displayName: `Bench app ${index}`,
        description: "Exported by the bench.",
        annotations: { team: "bench" },
      },
    ]),
    ...numbered(ADDED.catalogs, (index) => [
      "/api/v1/catalogs",
      { displayName: `Bench catalog ${index}`, published: index % 2 === 0 },
    ]),
    ...numbered(ADDED.automations, (index) => [
      "/api/v1/automations",
      {
        displayName: `Bench automation ${index}`,
        appId: "app-github",
        triggers: [{ userCreated: {} }],
        automationSteps: [{ stepName: "mail", sendEmail: { subject: "Bench", body: "bench" } }],
      },
    ]),
  ];
}

/**
 * Times `pulumi-idgov export` of a tenant of about 1,000 objects (the seed plus {@link ADDED}), in this process, with
 * the client's defaults (16 in flight, the service's page size).
 */
export async function measureExport(emulator: RunningEmulator): Promise<ExportFigures> {
  await createAll(new ApiSession(emulator.url), benchObjects());
  const out = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-bench-export-"));
  try {
    const settings: Record<string, string> = {
      "idgov:baseUrl": emulator.url,
      "idgov:clientId": DEFAULT_CREDENTIALS.clientId,
      "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret,
    };
    const parsed = parseExportArguments(["--out", out]) as ExportOptions;
    await clearRequests(emulator);
    const started = performance.now();
    const result = await runExport({ ...parsed, config: { get: (key) => settings[key] } }, () => {});
    const exportMs = round(performance.now() - started);
    const apiCalls = (await apiRequests(emulator)).length;
    const method =
      `seeded tenant plus ${ADDED.apps} apps, ${ADDED.catalogs} catalogs and ${ADDED.automations} automations, ` +
      `exported in-process to a temporary directory (every kind, pages of 100, default maxInFlight)`;
    return { objects: result.declared.length + result.leftOut.length, exportMs, apiCalls, method };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
