import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import type { Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageManifest, packageVersion } from "../../provider/version";
import { stagePlugin } from "../../scripts/release/archives";
import { NOTICES_FILE } from "../../scripts/release/notices";
import { NODE_RUNTIME_VERSION } from "../../scripts/release/runtime";
import { cycloneDx } from "../../scripts/release/sbom";

const ROOT = path.join(__dirname, "..", "..");

let dir: string;
let metafile: Metafile;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-archive-"));
  metafile = await stagePlugin(ROOT, dir, { ...packageManifest(), version: packageVersion() }, "");
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** `name@version` of every npm package esbuild took a file from, read from the bundles' inputs alone. */
async function bundledFromInputs(): Promise<string[]> {
  const found = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (!match) continue;
    const manifest = JSON.parse(await readFile(path.resolve(ROOT, match[1]!, "package.json"), "utf8")) as {
      name: string;
      version: string;
    };
    found.add(`${manifest.name}@${manifest.version}`);
  }
  return [...found].sort();
}

describe("a plugin archive, as a release stages it", () => {
  it("holds the executable, the commands' bundle, the manifest, the licence and the third-party notices", async () => {
    expect((await readdir(dir)).sort()).toEqual(
      ["LICENSE", NOTICES_FILE, "package.json", "pulumi-idgov.js", "pulumi-resource-idgov"].sort(),
    );
  });

  it("names every bundled package, with its licence text, in the notices and in the SBOM", async () => {
    const bundled = await bundledFromInputs();
    expect(bundled.length).toBeGreaterThan(10);
    const notices = await readFile(path.join(dir, NOTICES_FILE), "utf8");
    const sections = [...notices.matchAll(/^## (\S+) (\S+)$/gm)].map((match) => `${match[1]}@${match[2]}`);
    expect(sections.sort()).toEqual([...bundled, `Node.js@${NODE_RUNTIME_VERSION}`].sort());
    for (const section of notices.split(/^## /m).slice(1)) {
      expect(section, section.split("\n")[0]).toMatch(/\nLicence: \S+/);
      expect(section, section.split("\n")[0]).toMatch(/```text\n[^`]*(permission|licen[cs]e|copyright)/i);
    }
    const sbom = cycloneDx(ROOT, metafile, {
      name: "pulumi-idgov",
      version: packageVersion(),
      runtime: NODE_RUNTIME_VERSION,
    }) as { components: { name: string; version: string; licenses?: unknown[] }[] };
    expect(sbom.components.map(({ name, version }) => `${name}@${version}`).sort()).toEqual(
      [...bundled, `node@${NODE_RUNTIME_VERSION}`].sort(),
    );
    expect(sbom.components.find(({ name }) => name === "node")?.licenses).toEqual([
      { license: { id: "MIT" } },
    ]);
  });

  it("answers the commands of pulumi-idgov from the commands' bundle, run by the executable with no Node.js on PATH", () => {
    const schema = spawnSync(path.join(dir, "pulumi-resource-idgov"), ["schema"], {
      encoding: "utf8",
      env: { PATH: path.join(dir, "nothing") },
    });
    expect(schema.status, schema.stderr).toBe(0);
    expect(JSON.parse(schema.stdout)).toMatchObject({ name: "idgov" });
  });
});

describe("the npm package's pulumi-resource-idgov bin", () => {
  it("is the bundle inside the release's executable, byte for byte, with the same commands' bundle and notices", async () => {
    const manifest = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as {
      bin: Record<string, string>;
    };
    const bin = path.join(ROOT, manifest.bin["pulumi-resource-idgov"]!);
    expect(path.basename(bin)).toBe("pulumi-resource-idgov.js");
    const executable = await readFile(path.join(dir, "pulumi-resource-idgov"));
    expect(executable.includes(await readFile(bin)), "the bin's bundle inside the executable").toBe(true);
    const built = (file: string) => readFile(path.join(path.dirname(bin), file), "utf8");
    const staged = (file: string) => readFile(path.join(dir, file), "utf8");
    expect((await built("pulumi-idgov.js")) === (await staged("pulumi-idgov.js"))).toBe(true);
    // The archive's notices are the bin's, and the notice of the Node.js inside the executable.
    expect((await staged(NOTICES_FILE)).startsWith(await built(NOTICES_FILE))).toBe(true);
    expect(await staged(NOTICES_FILE)).toContain(`## Node.js ${NODE_RUNTIME_VERSION}\n`);
    expect(readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });
});
