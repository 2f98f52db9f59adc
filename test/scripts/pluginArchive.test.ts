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
  it("holds the launchers, both bundles, the manifest, the licence and the third-party notices", async () => {
    expect((await readdir(dir)).sort()).toEqual(
      [
        "LICENSE",
        NOTICES_FILE,
        "package.json",
        "pulumi-idgov.js",
        "pulumi-resource-idgov",
        "pulumi-resource-idgov.cmd",
        "pulumi-resource-idgov.js",
      ].sort(),
    );
  });

  it("names every bundled package, with its licence text, in the notices and in the SBOM", async () => {
    const bundled = await bundledFromInputs();
    expect(bundled.length).toBeGreaterThan(10);
    const notices = await readFile(path.join(dir, NOTICES_FILE), "utf8");
    const sections = [...notices.matchAll(/^## (\S+) (\S+)$/gm)].map((match) => `${match[1]}@${match[2]}`);
    expect(sections.sort()).toEqual(bundled);
    for (const section of notices.split(/^## /m).slice(1)) {
      expect(section, section.split("\n")[0]).toMatch(/\nLicence: \S+/);
      expect(section, section.split("\n")[0]).toMatch(/```text\n[^`]*(permission|licen[cs]e|copyright)/i);
    }
    const sbom = cycloneDx(ROOT, metafile, { name: "pulumi-idgov", version: packageVersion() }) as {
      components: { name: string; version: string }[];
    };
    expect(sbom.components.map(({ name, version }) => `${name}@${version}`).sort()).toEqual(bundled);
  });

  it("answers the commands of pulumi-idgov from the commands' bundle, and serves from the plugin's alone", () => {
    const schema = spawnSync(process.execPath, [path.join(dir, "pulumi-resource-idgov.js"), "schema"], {
      encoding: "utf8",
    });
    expect(schema.status, schema.stderr).toBe(0);
    expect(JSON.parse(schema.stdout)).toMatchObject({ name: "idgov" });
    const plugin = readFileSync(path.join(dir, "pulumi-resource-idgov.js"), "utf8");
    expect(plugin).toContain('require("./pulumi-idgov.js")');
    expect(plugin).not.toContain("usage: pulumi-idgov <command>");
  });
});

describe("the npm package's pulumi-resource-idgov bin", () => {
  it("is the release's bundle, byte for byte, with the commands' bundle and the notices beside it", async () => {
    const manifest = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as {
      bin: Record<string, string>;
    };
    const bin = path.join(ROOT, manifest.bin["pulumi-resource-idgov"]!);
    expect(path.basename(bin)).toBe("pulumi-resource-idgov.js");
    for (const file of ["pulumi-resource-idgov.js", "pulumi-idgov.js", NOTICES_FILE]) {
      const built = await readFile(path.join(path.dirname(bin), file), "utf8");
      expect(
        built === (await readFile(path.join(dir, file), "utf8")),
        `${file} as npm run build writes it`,
      ).toBe(true);
    }
    expect(readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });
});
