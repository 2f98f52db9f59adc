/**
 * The SDKs of a release, generated from the schema carrying the release's download URL: the TypeScript SDK packed
 * as `pulumi package pack-sdk` does, the Python wheel and sdist (`python -m build`), the Go module as a
 * file-system module proxy (`GOPROXY=file://…/goproxy`), and the Java SDK as a file-system Maven repository
 * (`maven/`: jar, sources jar, javadoc jar and pom).
 */
import { execFileSync } from "node:child_process";
import { cp, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import * as path from "node:path";
import { goModuleVersion } from "../../provider/version";

/** The `build` front end the release installs for itself (pinned, so a new release cannot change the wheel). */
const PYTHON_BUILD = "build==1.2.2.post1";

function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(file, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

/** Writes work/sdk/{nodejs,python,go} with Pulumi's generators from the schema `schemaFile`. */
export function generateSdks(root: string, schemaFile: string, work: string): string {
  const out = path.join(work, "sdk");
  run("bash", [path.join(root, "scripts", "gen-sdk.sh"), out], root, {
    ...process.env,
    IDGOV_SCHEMA: schemaFile,
  });
  return out;
}

/** Builds the TypeScript SDK and packs it into `out` (its dependencies installed, `tsc` into bin/, bin/ packed). */
export async function packNodeSdk(sdk: string, out: string): Promise<string> {
  const dir = path.join(sdk, "nodejs");
  const quiet = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];
  run("npm", ["install", ...quiet], dir);
  run("npm", ["run", "build", "--silent"], dir);
  for (const file of ["package.json", "README.md"])
    await cp(path.join(dir, file), path.join(dir, "bin", file));
  const packed = run("npm", ["pack", "./bin", "--pack-destination", out, "--json", "--loglevel=error"], dir);
  const [tarball] = JSON.parse(packed) as { filename: string }[];
  if (!tarball) throw new Error(`npm pack of the TypeScript SDK answered no tarball: ${packed}`);
  return tarball.filename;
}

/** The project's cache outside the clone (get-pulumi.sh's). */
export const cacheRoot = () =>
  process.env.PULUMI_IDGOV_CACHE ?? path.join(homedir(), ".cache", "pulumi-idgov");

/** Maven's local repository for the project's builds, in its cache: what Maven downloads, downloaded once. */
const mavenLocalRepository = () => path.join(cacheRoot(), "m2");

/** Builds the Java SDK and deploys it into the Maven repository `repository` (a folder); answers its files. */
export async function buildJavaSdk(sdk: string, repository: string): Promise<string[]> {
  const url = new URL(`file://${path.resolve(repository)}`).href;
  const quiet = ["-B", "-q", "--no-transfer-progress", `-Dmaven.repo.local=${mavenLocalRepository()}`];
  run("mvn", [...quiet, "deploy", `-DaltDeploymentRepository=pulumi-idgov::${url}`], path.join(sdk, "java"));
  const files = (await readdir(repository, { recursive: true })).map(String);
  const artifacts = files.filter((file) => /\.(jar|pom)$/.test(file));
  if (artifacts.length !== 4)
    throw new Error(
      `mvn deploy wrote ${artifacts.join(", ") || "nothing"}, not a jar, its sources, javadoc and pom`,
    );
  return artifacts.sort();
}

/** A virtualenv with `build`, kept in the cache: created once, reused. Answers its python. */
function pythonWithBuild(): string {
  const cache = cacheRoot();
  const venv = path.join(cache, `python-${PYTHON_BUILD.replace(/[^A-Za-z0-9.]+/g, "-")}`);
  const python = path.join(venv, "bin", "python");
  if (!existsSync(path.join(venv, ".ready"))) {
    run("python3", ["-m", "venv", "--clear", venv], cache);
    run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", PYTHON_BUILD], cache);
    execFileSync("touch", [path.join(venv, ".ready")]);
  }
  return python;
}

/** Builds the Python wheel and sdist into `out`; answers their file names. */
export async function buildPythonSdk(sdk: string, out: string): Promise<string[]> {
  const dist = path.join(sdk, "python-dist");
  run(pythonWithBuild(), ["-m", "build", "--outdir", dist, path.join(sdk, "python")], sdk);
  const files = (await readdir(dist)).filter((file) => /\.(whl|tar\.gz)$/.test(file)).sort();
  if (files.length !== 2)
    throw new Error(`python -m build wrote ${files.join(", ") || "nothing"}, not a wheel and an sdist`);
  for (const file of files) await cp(path.join(dist, file), path.join(out, file));
  return files;
}

/** A module path as a module proxy spells it: each capital letter as `!` and the letter in lower case. */
function escapedModulePath(modulePath: string): string {
  return modulePath.replace(/[A-Z]/g, (letter) => `!${letter.toLowerCase()}`);
}

/**
 * Writes the Go module into `proxy` in the module proxy layout (list, .info, .mod, .zip); answers its path. Its
 * version is the release's without build metadata (`v0.2.0-dev.5` for `0.2.0-dev.5+abc1234`), which Go cannot hold.
 */
export async function writeGoProxy(sdk: string, proxy: string, version: string): Promise<string> {
  const dir = path.join(sdk, "go");
  const goMod = readFileSync(path.join(dir, "go.mod"), "utf8");
  const modulePath = /^module\s+(\S+)/m.exec(goMod)?.[1];
  if (!modulePath) throw new Error(`${dir}/go.mod names no module`);
  const tag = goModuleVersion(version);
  const target = path.join(proxy, escapedModulePath(modulePath), "@v");
  await mkdir(target, { recursive: true });
  await writeFile(path.join(target, "list"), `${tag}\n`);
  await writeFile(
    path.join(target, `${tag}.info`),
    `${JSON.stringify({ Version: tag, Time: "1970-01-01T00:00:00Z" })}\n`,
  );
  await writeFile(path.join(target, `${tag}.mod`), goMod);
  // The zip holds every file under `<module>@<version>/`, without directory entries, as `go mod download` expects.
  const staging = path.join(sdk, "go-zip");
  await rm(staging, { recursive: true, force: true });
  const prefix = `${modulePath}@${tag}`;
  await cp(dir, path.join(staging, prefix), { recursive: true });
  const zip = path.join(target, `${tag}.zip`);
  await rm(zip, { force: true });
  // Sorted names and one timestamp: the same sources make the same zip, so a go.sum line stays true.
  const files = run("find", [".", "-type", "f"], staging)
    .split("\n")
    .filter(Boolean)
    .map((file) => file.replace(/^\.\//, ""))
    .sort();
  execFileSync("touch", ["-d", "1980-01-01T00:00:00Z", ...files], { cwd: staging });
  execFileSync("zip", ["-qX", "-@", zip], {
    cwd: staging,
    input: `${files.join("\n")}\n`,
    env: { ...process.env, TZ: "UTC" },
  });
  return modulePath;
}
