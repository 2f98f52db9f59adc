/**
 * `npm run release -- [--download-url URL] [--out DIR] [--tag]`: writes a release of the build's version into
 * dist/release/ (or DIR): the plugin archives Pulumi fetches, the npm package, the TypeScript SDK, the Python wheel
 * and sdist, the Go module as a file-system module proxy, the Java SDK as a file-system Maven repository, the schema, an SBOM of the archives, the release notes and
 * SHA256SUMS. URL is where Pulumi will download the archives (`pluginDownloadURL` of the schema and of every SDK);
 * it defaults to the version's release page under the repository of package.json. Run after `npm run build`
 * (`npm run release` builds first). Between releases the build's version is a pre-release (`0.2.0-dev.5+abc1234`:
 * scripts/release/buildVersion.ts), and so is every artifact's. `--tag` cuts package.json's version itself: from a
 * clean tree whose CHANGELOG dates it, it builds every artifact at that version, then records the release in
 * releases.json, CHANGELOG.md and test/upgrade/, commits that and tags the commit `v<version>` (scripts/release/tag.ts).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { packageManifest, pluginDownloadUrl } from "../../provider/version";
import { writeArchives } from "./archives";
import { releaseNotes, writeChecksums } from "./notes";
import { cycloneDx, mavenSbom } from "./sbom";
import { packNpmPackage } from "./npmPackage";
import { NODE_RUNTIME_VERSION } from "./runtime";
import { stampVersion } from "./stampVersion";
import { recordAndTag, tagProblems } from "./tag";
import { buildJavaSdk, buildPythonSdk, generateSdks, packNodeSdk, writeGoProxy } from "./sdks";

const ROOT = path.resolve(__dirname, "../..");

function step<T>(name: string, started: number, result: T): T {
  process.stderr.write(`release: ${name} (${((performance.now() - started) / 1000).toFixed(1)}s)\n`);
  return result;
}

/** The schema the built CLI prints, with the release's download URL. */
function releaseSchema(downloadUrl: string): Record<string, unknown> {
  const printed = execFileSync(process.execPath, [path.join(ROOT, "dist/provider/cli/main.js"), "schema"], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return { ...(JSON.parse(printed) as Record<string, unknown>), pluginDownloadURL: downloadUrl };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { "download-url": { type: "string" }, out: { type: "string" }, tag: { type: "boolean" } },
    strict: true,
  });
  if (!existsSync(path.join(ROOT, "dist/provider/native/main.js"))) {
    throw new Error("dist/ is not built: run `npm run build` (or `npm run release`, which builds first)");
  }
  const changelog = readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8");
  if (values.tag) {
    // A cut releases package.json's version itself: the build stamped a pre-release of it, being no release yet.
    const declared = (
      JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }
    ).version;
    const problems = tagProblems(ROOT, declared, changelog);
    if (problems.length > 0) throw new Error(`cannot cut v${declared}: ${problems.join("; ")}`);
    stampVersion(ROOT, declared);
  }
  const manifest = packageManifest();
  const version = manifest.version;
  if (!manifest.name || !version) throw new Error("package.json names no package or version");
  const downloadUrl = values["download-url"] ?? pluginDownloadUrl(manifest);
  if (!downloadUrl || !/^https?:\/\/\S+$/.test(downloadUrl)) {
    throw new Error(
      `--download-url must be an http(s) URL (Pulumi downloads the archives from it), not "${downloadUrl}"`,
    );
  }
  const out = path.resolve(values.out ?? path.join(ROOT, "dist", "release"));
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const work = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-release-"));
  const started = performance.now();
  try {
    const metafile = await writeArchives(ROOT, work, out, { ...manifest, version }, downloadUrl);
    step("plugin archives", started, undefined);
    const sbom = cycloneDx(ROOT, metafile, {
      name: manifest.name,
      version,
      runtime: NODE_RUNTIME_VERSION,
      ...(manifest.license ? { license: manifest.license } : {}),
    });
    await writeFile(path.join(out, "sbom.cdx.json"), `${JSON.stringify(sbom, null, 2)}\n`);
    await packNpmPackage(ROOT, out);
    step("npm package", started, undefined);
    const schemaFile = path.join(out, "schema.json");
    await writeFile(schemaFile, `${JSON.stringify(releaseSchema(downloadUrl), null, 2)}\n`);
    const sdk = generateSdks(ROOT, schemaFile, work);
    step("SDKs generated", started, undefined);
    await packNodeSdk(sdk, out);
    step("TypeScript SDK", started, undefined);
    await buildPythonSdk(sdk, out);
    step("Python wheel and sdist", started, undefined);
    await writeGoProxy(sdk, path.join(out, "goproxy"), version);
    step("Go module proxy", started, undefined);
    await buildJavaSdk(sdk, path.join(out, "maven"));
    const pom = readFileSync(path.join(sdk, "java", "pom.xml"), "utf8");
    await writeFile(
      path.join(out, "sbom-java.cdx.json"),
      `${JSON.stringify(mavenSbom(pom, manifest.license), null, 2)}\n`,
    );
    step("Java SDK, Maven repository", started, undefined);
    await writeFile(path.join(out, "RELEASE_NOTES.md"), releaseNotes(changelog, version));
    await writeChecksums(out);
    if (values.tag) {
      recordAndTag(ROOT, version, readFileSync(schemaFile, "utf8"), new Date().toISOString().slice(0, 10));
      step(`tagged v${version}`, started, undefined);
    }
    step(`wrote ${path.relative(process.cwd(), out) || out} for ${downloadUrl}`, started, undefined);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`release: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
