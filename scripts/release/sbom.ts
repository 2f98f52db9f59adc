/**
 * A CycloneDX 1.5 SBOM of what the plugin archives bundle: the Node.js runtime inside the executables, and one
 * component per npm package esbuild took a file from, with its version, licence and package URL.
 */
import type { Metafile } from "esbuild";
import { bundledPackages } from "./bundledPackages";

interface Component {
  type: "library" | "platform";
  "bom-ref": string;
  name: string;
  version: string;
  purl: string;
  licenses?: { license: { id: string } | { name: string } }[];
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
  self: { name: string; version: string; license?: string; runtime?: string },
): object {
  const components = new Map<string, Component>();
  if (self.runtime) {
    // The Node.js inside the executables (scripts/release/runtime.ts).
    const purl = `pkg:generic/node@${self.runtime}?download_url=https://nodejs.org/dist/v${self.runtime}/`;
    const licenses = licensesOf("MIT");
    components.set(purl, {
      type: "platform",
      "bom-ref": purl,
      name: "node",
      version: self.runtime,
      purl,
      ...(licenses ? { licenses } : {}),
    });
  }
  for (const { name, version, license } of bundledPackages(root, metafile)) {
    const purl = purlOf(name, version);
    const licenses = licensesOf(license);
    components.set(purl, {
      type: "library",
      "bom-ref": purl,
      name,
      version,
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

/** A dependency a pom declares: `groupId`, `artifactId` and `version`. */
interface MavenCoordinates {
  groupId: string;
  artifactId: string;
  version: string;
}

function mavenComponent({ groupId, artifactId, version }: MavenCoordinates): Component {
  const purl = `pkg:maven/${groupId}/${artifactId}@${version}`;
  return { type: "library", "bom-ref": purl, name: `${groupId}:${artifactId}`, version, purl };
}

/**
 * A CycloneDX 1.5 SBOM of the Java SDK's Maven artifact, from its pom: the artifact itself, and the dependencies the
 * pom declares (Maven resolves them on the user's machine; the jar bundles none of them).
 */
export function mavenSbom(pom: string, license: string | undefined): object {
  const coordinates = (block: string): MavenCoordinates => {
    const field = (name: string) => new RegExp(`<${name}>([^<]+)</${name}>`).exec(block)?.[1] ?? "";
    return { groupId: field("groupId"), artifactId: field("artifactId"), version: field("version") };
  };
  const project = coordinates(
    pom.replace(/<dependencies>[\s\S]*<\/dependencies>|<build>[\s\S]*<\/build>/g, ""),
  );
  const dependencies = [...pom.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)].map(([, block]) =>
    mavenComponent(coordinates(block ?? "")),
  );
  const licenses = licensesOf(license);
  return {
    bomFormat: "CycloneDX",
    specVersion: "1.5",
    version: 1,
    metadata: { component: { ...mavenComponent(project), ...(licenses ? { licenses } : {}) } },
    components: dependencies.sort((a, b) => a.purl.localeCompare(b.purl)),
  };
}
