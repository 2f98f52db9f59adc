import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { ApiSession } from "../../emulator/testing";
import { printFigures } from "./support/figures";
import { type ChildEmulator, startChildEmulator } from "./support/childEmulator";

type Json = Record<string, any>;

/** One write of the burst: what it sends, and whether the saved tenant holds it. */
interface Write {
  send(api: ApiSession): Promise<{ status: number; body: Json }>;
  holds(state: Json, answer: Json): boolean;
}

const REPORTS = SEED.automations.reports;

/**
 * Write number `index`: mostly app and catalog creates, with an update of one seeded automation and a delete of
 * another every ten writes (each automation is written once, so the last acknowledged write of it is the one).
 */
function writeNumber(index: number): Write {
  const round = Math.floor(index / 10);
  const updated = REPORTS[round];
  const deleted = REPORTS[REPORTS.length - 1 - round];
  if (index % 10 === 3 && updated !== undefined && round < REPORTS.length / 2) {
    const description = `burst update ${index}`;
    return {
      send: (api) =>
        api.post(`/api/v1/automations/${updated}`, {
          automation: { description },
          updateMask: "description",
        }),
      holds: (state) => state.automations[updated]?.description === description,
    };
  }
  if (index % 10 === 7 && deleted !== undefined && round < REPORTS.length / 2) {
    return {
      send: (api) => api.delete(`/api/v1/automations/${deleted}`),
      holds: (state) => state.automations[deleted] === undefined,
    };
  }
  if (index % 5 === 4) {
    const displayName = `burst catalog ${index}`;
    return {
      send: (api) => api.post("/api/v1/catalogs", { displayName }),
      holds: (state, answer) =>
        state.catalogs[answer.requestCatalogView.requestCatalog.id]?.catalog?.displayName === displayName,
    };
  }
  const displayName = `burst app ${index}`;
  return {
    send: (api) => api.post("/api/v1/apps", { displayName }),
    holds: (state, answer) => state.apps[answer.app.id]?.displayName === displayName,
  };
}

let running: ChildEmulator | undefined;
afterEach(async () => {
  await running?.kill();
  running = undefined;
});

describe("the emulator's data file", () => {
  it("holds every acknowledged write after a SIGKILL in the middle of a burst, stays readable, and a restart clears the debris", async () => {
    const directory = mkdtempSync(join(tmpdir(), "idgov-durability-"));
    const file = join(directory, "tenant.json");
    running = await startChildEmulator(["--data", file]);
    const api = new ApiSession(running.url);
    await api.accessToken();

    const planned = 400;
    const acknowledged: { write: Write; answer: Json }[] = [];
    let sent = 0;
    let killed: Promise<void> | undefined;
    const worker = async () => {
      while (sent < planned && killed === undefined) {
        const write = writeNumber(sent);
        sent += 1;
        const answer = await write.send(api).catch(() => undefined);
        if (answer?.status === 200) acknowledged.push({ write, answer: answer.body });
        if (acknowledged.length >= 60 && killed === undefined) killed = running!.kill();
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await killed;
    running = undefined;

    const saved = JSON.parse(readFileSync(file, "utf8")) as { formatVersion: number; state: Json };
    const temporaries = () => readdirSync(directory).filter((name) => name.endsWith(".tmp"));
    const leftByTheKill = temporaries().length;
    running = await startChildEmulator(["--data", file]);
    const restarted = new ApiSession(running.url);
    const missing = acknowledged.filter(({ write, answer }) => !write.holds(saved.state, answer));
    const createdApps = acknowledged.filter(({ answer }) => answer.app !== undefined);
    const servedAfterRestart = await Promise.all(
      createdApps.map(async ({ answer }) => (await restarted.get(`/api/v1/apps/${answer.app.id}`)).status),
    );
    printFigures("emulator killed mid-burst", {
      writesSent: sent,
      writesAcknowledged: acknowledged.length,
      acknowledgedWritesMissing: missing.length,
      temporaryFilesLeftByTheKill: leftByTheKill,
      temporaryFilesAfterRestart: temporaries().length,
    });

    expect(saved.formatVersion).toBe(1);
    expect(sent).toBeLessThan(planned);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    expect(missing).toEqual([]);
    expect(servedAfterRestart.every((status) => status === 200)).toBe(true);
    expect(temporaries()).toEqual([]);
  });
});
