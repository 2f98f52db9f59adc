import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
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
/** The file of a kept install naming the folder npm installed it in (its lockfile's `file:` paths start there). */
const INSTALLED_IN = "installed-in";
/** The fields of package.json that decide what `npm install` puts in node_modules. */
const DEPENDENCY_FIELDS = [
  "dependencies",
  "devDependencies",
  "optionalDependencies",
  "peerDependencies",
  "overrides",
] as const;

interface Manifest {
  name?: string | undefined;
  version?: string | undefined;
}

interface Lockfile extends Manifest {
  packages?: Record<string, Manifest>;
}

/** A dependency spec as npm resolves it from `dir`: a relative `file:` path made absolute. */
function resolvedSpec(dir: string, spec: unknown): unknown {
  return typeof spec === "string" && spec.startsWith("file:")
    ? `file:${path.resolve(dir, spec.slice(5))}`
    : spec;
}

/** What decides the install: every dependency field of the manifest, with its `file:` paths resolved. */
function dependencySet(dir: string, manifest: Record<string, unknown>): string {
  return JSON.stringify(
    DEPENDENCY_FIELDS.map((field) =>
      Object.entries((manifest[field] ?? {}) as Record<string, unknown>).map(([name, spec]) => [
        name,
        resolvedSpec(dir, spec),
      ]),
    ),
  );
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, "utf8")) as T;

/** Hard-links `from`'s node_modules into `to` (`cp -al`); answers whether the copy was made. */
async function linkModules(from: string, to: string): Promise<boolean> {
  const modules = path.join(from, "node_modules");
  return (await runCommand("cp", ["-al", modules, to], { cwd: to, env: process.env })).code === 0;
}

/** `value` with each `file:` path relative to `from` made relative to `to`, as npm writes them in a lockfile. */
function rebased(value: unknown, from: string, to: string): unknown {
  if (typeof value === "string" && value.startsWith("file:") && !path.isAbsolute(value.slice(5)))
    return `file:${path.relative(to, path.resolve(from, value.slice(5)))}`;
  if (Array.isArray(value)) return value.map((item) => rebased(item, from, to));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rebased(item, from, to)]));
  return value;
}

/** The kept install's lockfile as npm writes it for the program in `dir`: the same tree, the program's own name. */
async function writeLockfile(kept: string, dir: string): Promise<void> {
  const { name, version } = await readJson<Manifest>(path.join(dir, "package.json"));
  const installedIn = await readFile(path.join(kept, INSTALLED_IN), "utf8");
  const lock = rebased(
    await readJson<Lockfile>(path.join(kept, "package-lock.json")),
    installedIn,
    dir,
  ) as Lockfile;
  const root = { ...lock.packages?.[""], name, version };
  const named: Lockfile = { ...lock, name, version, packages: { ...lock.packages, "": root } };
  await writeFile(path.join(dir, "package-lock.json"), `${JSON.stringify(named, null, 2)}\n`);
}

/**
 * `npm install` in `dir`, run once per dependency set and tarball: each install is kept under `cacheDir`, and any
 * program whose package.json asks for the same dependencies gets the kept node_modules hard-linked (`cp -al`) and
 * its lockfile written, instead of npm's 8 to 13 s of CPU. The programs of the suites differ in name only. npm
 * replaces a package's files when it installs over them, so an install in one program never writes through to
 * another's. Where `cp -al` fails (not GNU cp), npm installs.
 */
export async function npmInstallOnce(dir: string, tarball: string, cacheDir: string): Promise<void> {
  const manifest = await readJson<Record<string, unknown>>(path.join(dir, "package.json"));
  const { size, mtimeMs } = await stat(tarball);
  const key = createHash("sha256")
    .update(dependencySet(dir, manifest))
    .update(`${tarball} ${size} ${mtimeMs}`)
    .digest("hex")
    .slice(0, 16);
  const kept = path.join(cacheDir, key);
  if (existsSync(kept) && (await linkModules(kept, dir))) return writeLockfile(kept, dir);
  expectSuccess(await runCommand("npm", NPM_INSTALL, { cwd: dir, env: process.env }));
  await mkdir(cacheDir, { recursive: true });
  const staged = await mkdtemp(`${kept}-`);
  let keptHere = false;
  if (await linkModules(dir, staged)) {
    await copyFile(path.join(dir, "package-lock.json"), path.join(staged, "package-lock.json"));
    await writeFile(path.join(staged, INSTALLED_IN), dir);
    // Another worker may keep the same install first: its copy stays, this one goes.
    keptHere = await rename(staged, kept).then(
      () => true,
      () => false,
    );
  }
  if (!keptHere) await rm(staged, { recursive: true, force: true });
}
