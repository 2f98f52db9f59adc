import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, stat } from "node:fs/promises";
import * as path from "node:path";
import { expectSuccess, runCommand } from "./command";

const NPM_INSTALL = [
  "install",
  "--include=dev",
  "--no-audit",
  "--no-fund",
  "--prefer-offline",
  "--loglevel=error",
];
/** What `npm install` leaves in a program folder. */
const INSTALLED = ["node_modules", "package-lock.json"];

/** Hard-links `from`'s installed files into `to` (`cp -al`); answers whether the copy was made. */
async function linkInstalled(from: string, to: string): Promise<boolean> {
  const sources = INSTALLED.map((name) => path.join(from, name));
  return (await runCommand("cp", ["-al", ...sources, to], { cwd: to, env: process.env })).code === 0;
}

/**
 * `npm install` in `dir`, run once per package.json and tarball: each install is kept under `cacheDir`, and a program
 * installed again with the same package.json gets the kept one hard-linked (`cp -al`) instead of npm's 8 s of CPU.
 * npm replaces a package's files when it installs over them, so an install in one program never writes through to
 * another's. Where `cp -al` fails (not GNU cp), npm installs.
 */
export async function npmInstallOnce(dir: string, tarball: string, cacheDir: string): Promise<void> {
  const { size, mtimeMs } = await stat(tarball);
  const key = createHash("sha256")
    .update(await readFile(path.join(dir, "package.json")))
    .update(`${size} ${mtimeMs}`)
    .digest("hex")
    .slice(0, 16);
  const kept = path.join(cacheDir, key);
  if (existsSync(kept) && (await linkInstalled(kept, dir))) return;
  expectSuccess(await runCommand("npm", NPM_INSTALL, { cwd: dir, env: process.env }));
  await mkdir(cacheDir, { recursive: true });
  const staged = await mkdtemp(`${kept}-`);
  // Another worker may keep the same install first: its copy stays, this one goes.
  const keptHere =
    (await linkInstalled(dir, staged)) &&
    (await rename(staged, kept).then(
      () => true,
      () => false,
    ));
  if (!keptHere) await rm(staged, { recursive: true, force: true });
}
