import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";

const REPO_ROOT = path.resolve(__dirname, "..");

/** The parts of package.json that name files. */
interface Manifest {
  main: string;
  types: string;
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
}

/** The files `npm pack` puts in the tarball (of `dist/` as built), as paths from the package root. */
async function packedFiles(): Promise<string[]> {
  const { stdout } = await promisify(execFile)("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [packed] = JSON.parse(stdout) as { files: { path: string }[] }[];
  return (packed?.files ?? []).map((file) => file.path);
}

/**
 * The emulator's sources its entry points (`index.ts`, the package's `pulumi-idgov/emulator`, and `main.ts`, its
 * command) import, directly or not, as paths under emulator/ without their extension: what may ship.
 */
function emulatorSourcesShipped(): Set<string> {
  const reached = new Set<string>();
  const visit = (source: string) => {
    const relative = path.relative(REPO_ROOT, source).replace(/\.(ts|json)$/, "");
    if (reached.has(relative)) return;
    reached.add(relative);
    if (!source.endsWith(".ts")) return;
    for (const [, specifier] of readFileSync(source, "utf8").matchAll(/(?:from|import\()\s*"(\.[^"]+)"/g)) {
      const target = path.resolve(path.dirname(source), specifier!);
      const found = [`${target}.ts`, path.join(target, "index.ts"), target].find(
        (candidate) => /\.(ts|json)$/.test(candidate) && existsSync(candidate),
      );
      if (found) visit(found);
    }
  };
  for (const entry of ["index.ts", "main.ts"]) visit(path.join(REPO_ROOT, "emulator", entry));
  return reached;
}

describe("the package as npm pack makes it", () => {
  let files: string[] = [];
  let manifest: Manifest;

  beforeAll(async () => {
    manifest = JSON.parse(await readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as Manifest;
    files = await packedFiles();
  }, 120_000);

  it("holds the license, the README, the changelog and package.json", () => {
    expect(files).toEqual(expect.arrayContaining(["LICENSE", "README.md", "CHANGELOG.md", "package.json"]));
  });

  it("holds every file package.json names: main, types, the bin and each export", () => {
    const exported = Object.values(manifest.exports).flatMap((target) =>
      typeof target === "string" ? [target] : Object.values(target),
    );
    const named = [manifest.main, manifest.types, ...Object.values(manifest.bin), ...exported];
    for (const file of named) expect(files).toContain(path.posix.normalize(file));
  });

  it("ships the plugin's bin as the release's bundle, with the commands' bundle and the third-party notices", () => {
    expect(manifest.bin["pulumi-resource-idgov"]).toBe("dist/plugin/pulumi-resource-idgov.js");
    expect(files).toEqual(
      expect.arrayContaining(["dist/plugin/pulumi-idgov.js", "dist/plugin/THIRD_PARTY_NOTICES.md"]),
    );
  });

  it("holds no tests, no build info and nothing from test/, and ships the emulator from its own folder", () => {
    expect(files.filter((file) => /\.test\.|\.spec\./.test(file))).toEqual([]);
    expect(files.filter((file) => file.endsWith(".tsbuildinfo"))).toEqual([]);
    expect(files.filter((file) => /(^|\/)(test|tests|__tests__)\//.test(file))).toEqual([]);
    expect(files).toContain("dist/emulator/index.js");
  });

  it("ships of the emulator only what its entry points import: none of the files only tests use (emulator/testing.ts, testKeys.ts, model/check.ts)", () => {
    const shipped = emulatorSourcesShipped();
    expect(shipped).toContain("emulator/server");
    expect(shipped).not.toContain("emulator/testing");
    const testOnly = files
      .filter((file) => file.startsWith("dist/emulator/"))
      .map((file) => file.replace(/^dist\//, "").replace(/(\.d\.ts|\.js|\.json)$/, ""))
      .filter((source) => !shipped.has(source));
    expect(testOnly).toEqual([]);
  });

  it("holds compiled code only: no TypeScript sources beside the declarations", () => {
    expect(files.filter((file) => /\.(ts|mts|cts)$/.test(file) && !/\.d\.(ts|mts|cts)$/.test(file))).toEqual(
      [],
    );
    const outsideDist = files.filter((file) => !file.startsWith("dist/") && file.includes("/"));
    expect(outsideDist.sort()).toEqual(["policy/PulumiPolicy.yaml", "policy/package.json"]);
  });

  it("ships the kinds (pulumi-idgov/kinds) and the policy pack: its PulumiPolicy.yaml, and a main that is packed", async () => {
    expect(files).toContain("dist/provider/kinds/public.js");
    expect(files).toContain("dist/provider/kinds/public.d.ts");
    const pack = JSON.parse(await readFile(path.join(REPO_ROOT, "policy", "package.json"), "utf8")) as {
      main: string;
      version: string;
    };
    expect(files).toContain(path.posix.normalize(path.posix.join("policy", pack.main)));
    expect(pack.version).toBe((manifest as unknown as { version: string }).version);
  });
});
