import { readFileSync, rmSync, writeFileSync } from "node:fs";

/**
 * An exclusive lock on a data file: `<file>.lock`, created with O_EXCL and holding the owner's process id. A lock
 * whose process is gone (an emulator that was killed) is taken over; a live one refuses the second emulator.
 */
export class FileLock {
  private constructor(private readonly path: string) {}

  /** Takes the lock on `file`, or throws naming the file and the process that holds it. */
  static acquire(file: string): FileLock {
    const path = `${file}.lock`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        writeFileSync(path, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
        return new FileLock(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = lockHolder(path);
      if (holder !== undefined && (holder === process.pid || isRunning(holder))) {
        throw new Error(
          `${file} is already used by another emulator (process ${holder}, lock ${path}); ` +
            "stop that emulator or give this one another --data file",
        );
      }
      rmSync(path, { force: true });
    }
    throw new Error(`${file}: could not take the lock ${path}`);
  }

  /** Removes the lock if this process still holds it. */
  release(): void {
    if (lockHolder(this.path) === process.pid) rmSync(this.path, { force: true });
  }
}

/** The process id written in a lock file, or undefined when it is gone or unreadable. */
function lockHolder(path: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/** Whether a process with this id exists (signal 0 only checks). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
