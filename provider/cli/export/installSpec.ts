import * as fs from "node:fs";
import * as path from "node:path";
import { packageDir, packageVersion } from "../../version";

/** What npm left behind about how the running pulumi-idgov was installed; every member but the first two optional. */
export interface InstallFacts {
  /** The package's folder, symbolic links resolved (a linked checkout is the checkout). */
  readonly packageDir: string;
  readonly version: string;
  /** The folder whose `node_modules` holds the package, when it is installed in one (not a checkout). */
  readonly projectDir?: string | undefined;
  /** `_resolved` of the package's own package.json (written by npm 6 and older). */
  readonly manifestResolved?: string | undefined;
  /** `resolved` of the package's entry in the project's lockfile (npm 7 and later). */
  readonly lockResolved?: string | undefined;
  /** The spec the project's package.json asks for, e.g. `file:../pulumi-idgov-0.1.0.tgz`. */
  readonly declaredSpec?: string | undefined;
}

const GIT_SPEC = /^(git\+|git:|github:|gitlab:|bitbucket:|gist:)/;
const URL_SPEC = /^https?:\/\//;
const PATH_SPEC = /^(\.{1,2}\/|\/|~\/|[A-Za-z]:[\\/])/;

/**
 * The dependency spec one npm record means, read from `baseDir`: a git URL as it is (with its commit when npm pinned
 * one), a registry tarball as the version, another URL as it is, a path (tarball or folder) as an absolute `file:`
 * path, since the program is written elsewhere. A version range names the registry: the version. Undefined for none.
 */
export function specOfRecord(
  record: string | undefined,
  baseDir: string,
  version: string,
): string | undefined {
  if (record === undefined || record.trim() === "") return undefined;
  if (GIT_SPEC.test(record)) return record;
  if (URL_SPEC.test(record)) {
    return new URL(record).pathname.endsWith(`/pulumi-idgov/-/pulumi-idgov-${version}.tgz`)
      ? version
      : record;
  }
  if (record.startsWith("file:")) return `file:${path.resolve(baseDir, record.slice("file:".length))}`;
  if (PATH_SPEC.test(record)) return `file:${path.resolve(baseDir, record)}`;
  return version;
}

/**
 * The dependency spec to write for pulumi-idgov: what npm recorded of this install (the package's `_resolved`, else
 * the lockfile's `resolved`, else the project's own spec), else the version; for a checkout run from its folder (or
 * linked into a project), a `file:` path to it.
 */
export function installSpecOf(facts: InstallFacts): string {
  if (facts.projectDir === undefined) return `file:${facts.packageDir}`;
  const records = [facts.manifestResolved, facts.lockResolved, facts.declaredSpec];
  for (const record of records) {
    const spec = specOfRecord(record, facts.projectDir, facts.version);
    if (spec !== undefined) return spec;
  }
  return facts.version;
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function stringAt(value: unknown, ...keys: string[]): string | undefined {
  const found = keys.reduce<unknown>(
    (node, key) =>
      typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined,
    value,
  );
  return typeof found === "string" ? found : undefined;
}

/** Reads the {@link InstallFacts} of the package in `dir`: its manifest, and the lockfile of the folder above it. */
export function readInstallFacts(dir: string, version: string): InstallFacts {
  const packageDir = fs.realpathSync(dir);
  const manifestResolved = stringAt(readJson(path.join(packageDir, "package.json")), "_resolved");
  let installedIn: string | undefined;
  // The lockfile entry is keyed by the path from the folder holding the lockfile: `node_modules/pulumi-idgov`.
  for (let projectDir = path.dirname(packageDir); ; projectDir = path.dirname(projectDir)) {
    const key = path.relative(projectDir, packageDir).split(path.sep).join("/");
    if (key.split("/").includes("node_modules")) {
      installedIn ??= projectDir;
      const lockfiles = ["node_modules/.package-lock.json", "package-lock.json", "npm-shrinkwrap.json"];
      const lockResolved = lockfiles
        .map((name) => stringAt(readJson(path.join(projectDir, name)), "packages", key, "resolved"))
        .find((resolved) => resolved !== undefined);
      if (lockResolved !== undefined || key === "node_modules/pulumi-idgov") {
        const project = readJson(path.join(projectDir, "package.json"));
        const declaredSpec = ["dependencies", "devDependencies", "optionalDependencies"]
          .map((field) => stringAt(project, field, "pulumi-idgov"))
          .find((spec) => spec !== undefined);
        return { packageDir, version, projectDir, manifestResolved, lockResolved, declaredSpec };
      }
    }
    if (path.dirname(projectDir) === projectDir) break;
  }
  return { packageDir, version, projectDir: installedIn, manifestResolved };
}

/** The dependency spec of the pulumi-idgov that is running now (see {@link installSpecOf}). */
export function installSpec(): string {
  const dir = packageDir();
  return dir === undefined ? packageVersion() : installSpecOf(readInstallFacts(dir, packageVersion()));
}
