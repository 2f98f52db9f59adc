import { readdirSync, readFileSync, unlinkSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { rename, writeFile } from "node:fs/promises";
import { FileLock, isRunning } from "./fileLock";
import { checkSavedState } from "./savedState";
import type { TenantState } from "./state";

const FORMAT_VERSION = 1;

interface DataFile {
  formatVersion: number;
  state: TenantState;
}

/**
 * Saves the tenant to a JSON file atomically (a temporary file, then a rename). Saves are
 * coalesced: while one is being written, later calls share one follow-up save that takes the
 * state as it is when that save starts, so every acknowledged write ends up on disk.
 */
export class Persistence {
  private inFlight: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private sequence = 0;
  private lock: FileLock | undefined;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => TenantState,
  ) {}

  /**
   * Takes the file's lock, then answers the state saved in the file, or undefined when the file does not exist.
   * Temporary files that an emulator killed in the middle of a save left beside it are removed first. A file that
   * is not whole JSON, or whose collections do not have the shape of `template`'s, is refused (and the lock released).
   */
  load(template: TenantState): TenantState | undefined {
    this.lock = FileLock.acquire(this.file);
    try {
      return this.read(template);
    } catch (error) {
      this.release();
      throw error;
    }
  }

  /** Releases the file's lock (after the last save). */
  release(): void {
    this.lock?.release();
    this.lock = undefined;
  }

  private read(template: TenantState): TenantState | undefined {
    this.removeStaleTemporaries();
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    let data: Partial<DataFile>;
    try {
      data = JSON.parse(text) as Partial<DataFile>;
    } catch (error) {
      throw new Error(`${this.file} is not valid JSON: ${(error as Error).message}`);
    }
    if (data.formatVersion !== FORMAT_VERSION || typeof data.state !== "object" || data.state === null) {
      throw new Error(`${this.file} is not an emulator data file (format version ${FORMAT_VERSION})`);
    }
    checkSavedState(this.file, data.state, template);
    return data.state;
  }

  /** Saves the current state; resolves once a save that includes it is on disk. */
  save(): Promise<void> {
    if (this.queued !== undefined) return this.queued;
    if (this.inFlight !== undefined) {
      this.queued = this.inFlight
        .catch(() => undefined)
        .then(() => {
          this.queued = undefined;
          return this.save();
        });
      return this.queued;
    }
    this.inFlight = this.write().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** Resolves when no save is pending. */
  async idle(): Promise<void> {
    while (this.inFlight !== undefined || this.queued !== undefined) {
      await (this.queued ?? this.inFlight)?.catch(() => undefined);
    }
  }

  /** Removes `<file>.<pid>.<n>.tmp` files of processes that are gone (or of this one, which has saved nothing yet). */
  private removeStaleTemporaries(): void {
    const pattern = new RegExp(`^${escapeRegExp(basename(this.file))}\\.(\\d+)\\.\\d+\\.tmp$`);
    let names: string[];
    try {
      names = readdirSync(dirname(this.file));
    } catch {
      return;
    }
    for (const name of names) {
      const pid = pattern.exec(name)?.[1];
      const stale = pid !== undefined && (Number(pid) === process.pid || !isRunning(Number(pid)));
      if (stale) unlinkSync(join(dirname(this.file), name));
    }
  }

  private async write(): Promise<void> {
    const data: DataFile = { formatVersion: FORMAT_VERSION, state: this.snapshot() };
    const text = JSON.stringify(data);
    this.sequence += 1;
    const temporary = `${this.file}.${process.pid}.${this.sequence}.tmp`;
    await writeFile(temporary, text, { encoding: "utf8", mode: 0o600 });
    await rename(temporary, this.file);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
