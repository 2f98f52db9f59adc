/** The release's notes, taken from CHANGELOG.md, and its checksums file. */
import { createHash } from "node:crypto";
import { readFile, readdir, writeFile } from "node:fs/promises";
import * as path from "node:path";

/** The body of the CHANGELOG section whose heading starts `## [title]`, trimmed, or "" without one. */
function sectionBody(changelog: string, title: string): string {
  const lines = changelog.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`## [${title}]`));
  if (start < 0) return "";
  const end = lines.findIndex((line, index) => index > start && line.startsWith("## "));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join("\n")
    .trim();
}

/**
 * The notes of `version`: the changes not yet under a release heading (`## [Unreleased]`), then the section
 * `## [version]`; fails when both are empty, since a release without notes says nothing of what it changes.
 */
export function releaseNotes(changelog: string, version: string): string {
  const parts = [sectionBody(changelog, "Unreleased"), sectionBody(changelog, version)].filter(Boolean);
  if (parts.length === 0) {
    throw new Error(
      `CHANGELOG.md has no entries under "## [Unreleased]" or "## [${version}]": write them first`,
    );
  }
  return `# pulumi-idgov ${version}\n\n${parts.join("\n\n")}\n`;
}

/** Every file under `dir`, as paths relative to it with `/`, sorted. */
async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      return entry.isDirectory() ? filesUnder(dir, relative) : Promise.resolve([relative]);
    }),
  );
  return nested.flat().sort();
}

/** Writes `dir/SHA256SUMS` (the format `sha256sum -c` reads) over every other file under `dir`. */
export async function writeChecksums(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((file) => file !== "SHA256SUMS");
  const lines = await Promise.all(
    files.map(async (file) => {
      const digest = createHash("sha256")
        .update(await readFile(path.join(dir, file)))
        .digest("hex");
      return `${digest}  ${file}\n`;
    }),
  );
  await writeFile(path.join(dir, "SHA256SUMS"), lines.join(""));
}
