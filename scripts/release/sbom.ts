/**
 * A CycloneDX 1.5 SBOM of what the plugin archives bundle: one component per npm package esbuild took a file from,
 * with its version, licence and package URL.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { Metafile } from "esbuild";

interface Component {
  type: "library";
  "bom-ref": string;
  name: string;
  version: string;
  purl: string;
  licenses?: { license: { id: string } | { name: string } }[];
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

function purlOf(name: string, version: string): string {
  return `pkg:npm/${name.replace(/^@/, "%40")}@${version}`;
}

function licensesOf(license: unknown): Component["licenses"] {
  if (typeof license !== "string" || license === "") return undefined;
  return [{ license: /^[A-Za-z0-9.+-]+$/.test(license) ? { id: license } : { name: license } }];
}

/** The SBOM as an object, for the bundle whose inputs esbuild reported (paths relative to `root`). */
export function cycloneDx(
  root: string,
  metafile: Metafile,
  self: { name: string; version: string; license?: string },
): object {
  const folders = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const folder = packageFolderOf(input.replace(/\\/g, "/"));
    if (folder) folders.add(folder);
  }
  const components = new Map<string, Component>();
  for (const folder of folders) {
    const manifest = JSON.parse(readFileSync(path.resolve(root, folder, "package.json"), "utf8")) as {
      name: string;
      version: string;
      license?: unknown;
    };
    const purl = purlOf(manifest.name, manifest.version);
    const licenses = licensesOf(manifest.license);
    components.set(purl, {
      type: "library",
      "bom-ref": purl,
      name: manifest.name,
      version: manifest.version,
      purl,
      ...(licenses ? { licenses } : {}),
    });
  }
  const selfLicenses = licensesOf(self.license);
  return {
    bomFormat: "CycloneDX",
    specVersion: "1.5",
    version: 1,
    metadata: {
      component: {
        type: "application",
        "bom-ref": purlOf(self.name, self.version),
        name: "pulumi-resource-idgov",
        version: self.version,
        purl: purlOf(self.name, self.version),
        ...(selfLicenses ? { licenses: selfLicenses } : {}),
      },
    },
    components: [...components.values()].sort((a, b) => a.purl.localeCompare(b.purl)),
  };
}
