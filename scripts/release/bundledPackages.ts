/**
 * The npm packages a bundle holds code of: one per package folder esbuild took a file from, with its manifest's
 * name, version and licence. The SBOM and the third-party notices are both made from this one list.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import type { Metafile } from "esbuild";

/** One bundled npm package. */
export interface BundledPackage {
  readonly name: string;
  readonly version: string;
  /** The manifest's `license` (an SPDX expression), when it names one. */
  readonly license: string | undefined;
  /** The package's folder, resolved. */
  readonly folder: string;
}

/** The package folder (…/node_modules/<name> or …/node_modules/@scope/<name>) a bundled file belongs to. */
function packageFolderOf(file: string): string | undefined {
  const marker = "node_modules/";
  const at = file.lastIndexOf(marker);
  if (at < 0) return undefined;
  const parts = file.slice(at + marker.length).split("/");
  const name = parts[0]?.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return `${file.slice(0, at + marker.length)}${name}`;
}

/** Every package the bundle whose inputs esbuild reported (paths relative to `root`) holds, by name and version. */
export function bundledPackages(root: string, metafile: Metafile): BundledPackage[] {
  const folders = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const folder = packageFolderOf(input.replace(/\\/g, "/"));
    if (folder) folders.add(path.resolve(root, folder));
  }
  const packages = new Map<string, BundledPackage>();
  for (const folder of folders) {
    const manifest = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as {
      name: string;
      version: string;
      license?: unknown;
    };
    const license =
      typeof manifest.license === "string" && manifest.license !== "" ? manifest.license : undefined;
    packages.set(`${manifest.name}@${manifest.version}`, {
      name: manifest.name,
      version: manifest.version,
      license,
      folder,
    });
  }
  return [...packages.values()].sort((a, b) =>
    `${a.name}@${a.version}`.localeCompare(`${b.name}@${b.version}`),
  );
}

/** The licence and notice files a package ships (`LICENSE`, `LICENCE.md`, `NOTICE`, …), by name. */
export function licenceFilesOf(pkg: BundledPackage): string[] {
  return readdirSync(pkg.folder)
    .filter((file) => /^(licen[cs]e|copying|notice)(\.|-|$)/i.test(file))
    .sort();
}
