import { readdir, stat } from "node:fs/promises";
import { IdgovError } from "../errors/idgov-error";

/** `--out` names a path that holds a user's files, and `--force` was not given. Thrown before anything is read. */
export class OutPathError extends IdgovError {}

/** How many of a folder's entries a refusal names before it says how many more there are. */
const NAMED = 10;

async function statOf(out: string) {
  try {
    return await stat(out);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new OutPathError(`--out ${out}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/**
 * Refuses an `--out` that would write over what a user wrote: a `folder` that holds files, or an existing `file`
 * (or a file where a folder is asked, and the other way round), unless `force` is given. Names the files.
 */
export async function checkOutPath(out: string, expects: "folder" | "file", force: boolean): Promise<void> {
  const found = await statOf(out);
  if (found === undefined) return;
  if (expects === "folder" && !found.isDirectory())
    throw new OutPathError(
      `--out ${out} is a file, not a folder: nothing was written; name a new or empty folder`,
    );
  if (expects === "file" && found.isDirectory())
    throw new OutPathError(
      `--out ${out} is a folder, not a file: nothing was written; name the file to write`,
    );
  if (force) return;
  if (expects === "file") {
    throw new OutPathError(
      `--out ${out} exists: nothing was written; name a new file, or give --force to write over it`,
    );
  }
  const entries = (await readdir(out)).sort();
  if (entries.length === 0) return;
  const more = entries.length > NAMED ? ` and ${entries.length - NAMED} more` : "";
  throw new OutPathError(
    `--out ${out} holds files (${entries.slice(0, NAMED).join(", ")}${more}): nothing was written; name a new or ` +
      `empty folder, or give --force to write the program's files over those of the same names`,
  );
}
