/**
 * THIRD_PARTY_NOTICES.md of a plugin archive: for every npm package the bundles hold code of, its name, version and
 * licence, then the licence and notice texts it ships, word for word, as its licence asks of a redistribution.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { Metafile } from "esbuild";
import { bundledPackages, licenceFilesOf } from "./bundledPackages";
import { NODE_RUNTIME_VERSION, runtimeLicence } from "./runtime";

/** The notices file's name in an archive. */
export const NOTICES_FILE = "THIRD_PARTY_NOTICES.md";

/** The notices of what the bundles whose inputs esbuild reported (paths relative to `root`) hold. */
export function thirdPartyNotices(root: string, metafile: Metafile): string {
  const sections = bundledPackages(root, metafile).map((pkg) => {
    const texts = licenceFilesOf(pkg).map(
      (file) =>
        `${file}:\n\n\`\`\`text\n${readFileSync(path.join(pkg.folder, file), "utf8").trimEnd()}\n\`\`\``,
    );
    const licence = pkg.license ?? "(the package's manifest names none)";
    const body = texts.length > 0 ? texts.join("\n\n") : "The package ships no licence file.";
    return `## ${pkg.name} ${pkg.version}\n\nLicence: ${licence}\n\n${body}\n`;
  });
  return [
    "# Third-party notices",
    "",
    "pulumi-resource-idgov bundles code of the npm packages below; each is distributed under its own licence, whose",
    "text follows. pulumi-idgov itself is under the licence in LICENSE.",
    "",
    ...sections,
  ].join("\n");
}

/**
 * The notice of the Node.js inside a plugin executable: its version and its LICENSE word for word (the licences of
 * what Node.js itself bundles are in that text). Needs the build platform's runtime in the cache.
 */
export function runtimeNotice(): string {
  const licence = readFileSync(runtimeLicence(), "utf8").trimEnd();
  return [
    `## Node.js ${NODE_RUNTIME_VERSION}`,
    "",
    "Licence: MIT",
    "",
    "The runtime inside the pulumi-resource-idgov executable; its LICENSE names the licences of the code it bundles.",
    "",
    `LICENSE:\n\n\`\`\`text\n${licence}\n\`\`\``,
    "",
  ].join("\n");
}
