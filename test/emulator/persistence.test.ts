import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { ApiSession } from "../../emulator/testing";

function dataFileIn(directory = mkdtempSync(join(tmpdir(), "idgov-emulator-"))): string {
  return join(directory, "tenant.json");
}

function savedState(file: string): {
  formatVersion: number;
  state: { apps: Record<string, { displayName: string }> };
} {
  return JSON.parse(readFileSync(file, "utf8"));
}

async function withEmulator<T>(
  dataFile: string,
  use: (api: ApiSession, emulator: RunningEmulator) => Promise<T>,
) {
  const emulator = await startEmulator({ quiet: true, dataFile });
  try {
    return await use(new ApiSession(emulator.url), emulator);
  } finally {
    await emulator.close();
  }
}

describe("persistence with a data file", () => {
  it("saves the seeded tenant on start and every acknowledged write before answering", async () => {
    const file = dataFileIn();
    await withEmulator(file, async (api) => {
      expect(Object.keys(savedState(file).state.apps)).toContain("app-github");
      const created = await api.post("/api/v1/apps", { displayName: "Saved before the answer" });
      expect(savedState(file).state.apps[created.body.app.id]?.displayName).toBe("Saved before the answer");
    });
  });

  it("restores creates, updates and deletes after a restart", async () => {
    const file = dataFileIn();
    const id = await withEmulator(file, async (api) => {
      const created = await api.post("/api/v1/apps", { displayName: "Survivor" });
      await api.post("/api/v1/apps/app-aws", { app: { description: "changed" }, updateMask: "description" });
      await api.delete("/api/v1/catalogs/cat-finance");
      return created.body.app.id as string;
    });
    await withEmulator(file, async (api) => {
      expect((await api.get(`/api/v1/apps/${id}`)).body.app.displayName).toBe("Survivor");
      expect((await api.get("/api/v1/apps/app-aws")).body.app.description).toBe("changed");
      expect((await api.get("/api/v1/catalogs/cat-finance")).status).toBe(404);
    });
  });

  it("writes through a temporary file and a rename: every read of the file is whole JSON", async () => {
    const directory = mkdtempSync(join(tmpdir(), "idgov-emulator-"));
    const file = dataFileIn(directory);
    await withEmulator(file, async (api) => {
      let reads = 0;
      let writing = true;
      const reader = (async () => {
        while (writing) {
          expect(savedState(file).formatVersion).toBe(1);
          reads += 1;
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          api.post("/api/v1/apps", { displayName: `Parallel ${index}` }),
        ),
      );
      writing = false;
      await reader;
      expect(reads).toBeGreaterThan(0);
    });
    expect(readdirSync(directory)).toEqual(["tenant.json"]);
    expect(Object.keys(savedState(file).state.apps)).toHaveLength(46);
  });

  it("saves the seed again on reset", async () => {
    const file = dataFileIn();
    await withEmulator(file, async (api, emulator) => {
      await api.delete("/api/v1/apps/app-github");
      await fetch(`${emulator.url}/__emulator/reset`, { method: "POST" });
    });
    expect(Object.keys(savedState(file).state.apps)).toContain("app-github");
  });

  it("removes on start the temporary files a killed emulator left, and keeps those of a running one", async () => {
    const directory = mkdtempSync(join(tmpdir(), "idgov-emulator-"));
    const file = dataFileIn(directory);
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const running = process.ppid;
    writeFileSync(`${file}.${gone}.3.tmp`, "{half a save");
    writeFileSync(`${file}.${running}.1.tmp`, "{another emulator's save");
    writeFileSync(join(directory, "notes.tmp"), "not ours");
    await withEmulator(file, async () => undefined);
    expect(readdirSync(directory).sort()).toEqual([
      "notes.tmp",
      "tenant.json",
      `tenant.json.${running}.1.tmp`,
    ]);
  });

  it("refuses to start from a file that is not an emulator data file", async () => {
    const file = dataFileIn();
    writeFileSync(file, JSON.stringify({ apps: {} }));
    await expect(startEmulator({ quiet: true, dataFile: file })).rejects.toThrow(
      `${file} is not an emulator data file (format version 1)`,
    );
  });
});
