import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { builtVersion } from "../../provider/version";

/**
 * `npm pack`s the package at `root` (as built in `dist/`) into `out` and answers the tarball's path: what the registry
 * would hand a user. The manifest it ships carries the build's version (dist/version.json: a pre-release between
 * releases) and no `prepare` script: that builds a clone or a git install, and in an installed tarball it would only
 * make npm warn about an install script that never runs.
 */
export async function packNpmPackage(root: string, out: string): Promise<string> {
  const stage = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-pack-"));
  try {
    const listed = execFileSync("npm", ["pack", root, "--dry-run", "--json", "--ignore-scripts"], {
      cwd: stage,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    const [{ files }] = JSON.parse(listed) as [{ files: { path: string }[] }];
    for (const { path: file } of files) await cp(path.join(root, file), path.join(stage, "package", file));
    const manifestFile = path.join(stage, "package", "package.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as {
      version?: string;
      scripts?: Record<string, string>;
    };
    const version = builtVersion(root);
    if (version !== undefined) manifest.version = version;
    delete manifest.scripts?.prepare;
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    const packed = execFileSync(
      "npm",
      ["pack", path.join(stage, "package"), "--pack-destination", out, "--ignore-scripts", "--json"],
      { cwd: stage, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    const [tarball] = JSON.parse(packed) as { filename: string }[];
    if (!tarball) throw new Error(`npm pack answered no tarball: ${packed}`);
    return path.join(out, tarball.filename);
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
