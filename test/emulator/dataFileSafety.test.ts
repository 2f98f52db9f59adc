import { chmodSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator/index";
import { ApiSession } from "../../emulator/testing";

function dataFile(): string {
  return join(mkdtempSync(join(tmpdir(), "idgov-emulator-")), "tenant.json");
}

function mode(file: string): number {
  return statSync(file).mode & 0o777;
}

/** Writes a data file whose state holds only the given collections (the emulator fills the others). */
function writeDataFile(file: string, state: Record<string, unknown>): void {
  writeFileSync(file, JSON.stringify({ formatVersion: 1, state }));
}

describe("data file lock", () => {
  it("refuses a second emulator on the same file, naming the file, and frees it on close", async () => {
    const file = dataFile();
    const first = await startEmulator({ quiet: true, dataFile: file });
    try {
      expect(readFileSync(`${file}.lock`, "utf8").trim()).toBe(String(process.pid));
      await expect(startEmulator({ quiet: true, dataFile: file })).rejects.toThrow(
        `${file} is already used by another emulator (process ${process.pid}, lock ${file}.lock)`,
      );
    } finally {
      await first.close();
    }
    expect(existsSync(`${file}.lock`)).toBe(false);
    const second = await startEmulator({ quiet: true, dataFile: file });
    await second.close();
  });

  it("refuses a file locked by another running process", async () => {
    const file = dataFile();
    writeFileSync(`${file}.lock`, `${process.ppid}\n`);
    await expect(startEmulator({ quiet: true, dataFile: file })).rejects.toThrow(
      `${file} is already used by another emulator (process ${process.ppid}`,
    );
    expect(readFileSync(`${file}.lock`, "utf8").trim()).toBe(String(process.ppid));
  });

  it("takes over the lock of an emulator that was killed", async () => {
    const file = dataFile();
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(`${file}.lock`, `${gone}\n`);
    const emulator = await startEmulator({ quiet: true, dataFile: file });
    try {
      expect(readFileSync(`${file}.lock`, "utf8").trim()).toBe(String(process.pid));
    } finally {
      await emulator.close();
    }
  });
});

describe("data file permissions", () => {
  it("writes the data file readable by its owner only, even over a file that was 0644", async () => {
    const file = dataFile();
    writeDataFile(file, {});
    chmodSync(file, 0o644);
    const emulator = await startEmulator({ quiet: true, dataFile: file });
    try {
      expect(mode(file)).toBe(0o600);
      await new ApiSession(emulator.url).post("/api/v1/apps", { displayName: "Saved again" });
      expect(mode(file)).toBe(0o600);
      expect(mode(`${file}.lock`)).toBe(0o600);
    } finally {
      await emulator.close();
    }
  });
});

describe("bad data files are refused at start", () => {
  it("names the file when it is not JSON", async () => {
    const file = dataFile();
    writeFileSync(file, "{half a save");
    await expect(startEmulator({ quiet: true, dataFile: file })).rejects.toThrow(
      `${file} is not valid JSON:`,
    );
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it.each([
    [{ apps: null }, "state.apps must be an object, found null"],
    [{ apps: [] }, "state.apps must be an object, found a list"],
    [{ entitlementOwners: {} }, "state.entitlementOwners must be a list, found an object"],
    [{ settings: "on" }, "state.settings must be an object, found a string"],
    [{ lastExecutionId: "7" }, "state.lastExecutionId must be a number, found a string"],
  ])("names the file and the field: %j", async (state, message) => {
    const file = dataFile();
    writeDataFile(file, state);
    await expect(startEmulator({ quiet: true, dataFile: file })).rejects.toThrow(`${file}: ${message}`);
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(JSON.parse(readFileSync(file, "utf8")).state).toEqual(state);
  });
});
