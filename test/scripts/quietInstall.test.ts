import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { satisfies } from "semver";

const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as Record<string, unknown>;

interface LockedPackage {
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
  optional?: boolean;
  os?: string[];
}

const manifest = read("package.json") as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const locked = Object.entries(
  (read("package-lock.json") as { packages: Record<string, LockedPackage> }).packages,
)
  .filter(([where]) => where.startsWith("node_modules/"))
  .map(([where, entry]) => ({ name: where.slice(where.lastIndexOf("node_modules/") + 13), entry }));

/** The oldest Node.js the package supports: the floor of package.json's `engines` (the README's, checked there). */
const FLOOR = /^>=(\d+\.\d+\.\d+)$/.exec(manifest.engines.node)?.[1];

/**
 * `npm ci` on a fresh clone prints a warning for every installed package whose `engines` refuses the running Node.js
 * (EBADENGINE) and for every install script package.json's `allowScripts` does not cover: both are read here from the
 * lockfile npm installs from, so a dependency that would make the first command of a clone warn fails this test.
 */
describe("npm ci of a clone, on the Node.js floor", () => {
  it("package.json names its floor as >=x.y.z", () => {
    expect(FLOOR, manifest.engines.node).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("installs no package whose engines refuse the floor (npm's EBADENGINE)", () => {
    const refusing = locked
      .filter(({ entry }) => !Array.isArray(entry.engines) && entry.engines?.node !== undefined)
      .filter(({ entry }) => !satisfies(FLOOR!, (entry.engines as { node: string }).node))
      .map(({ name, entry }) => `${name} needs Node.js ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it("has every install script reviewed in allowScripts (npm's install-scripts warning)", () => {
    const withScripts = locked.filter(({ entry }) => entry.hasInstallScript).map(({ name }) => name);
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => typeof manifest.allowScripts?.[name] !== "boolean")).toEqual([]);
  });
});
