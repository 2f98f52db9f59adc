import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll } from "vitest";
import { REPO_ROOT } from "../../../testkit/pulumiCli";
import { describeSdkExample, run } from "./sdkExample";

const NPM_QUIET = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];
let packDir = "";

afterAll(async () => {
  if (packDir) await rm(packDir, { recursive: true, force: true });
});

/**
 * sdk/nodejs built and packed as `pulumi package pack-sdk` does: its dependencies installed, `tsc` into bin/, the
 * manifest copied in, and bin/ packed.
 */
async function packNodeSdk(env: NodeJS.ProcessEnv): Promise<string> {
  packDir = await mkdtemp(path.join(tmpdir(), "idgov-sdk-nodejs-"));
  const sdk = path.join(packDir, "nodejs");
  await cp(path.join(REPO_ROOT, "sdk", "nodejs"), sdk, {
    recursive: true,
    filter: (file) => !["node_modules", "bin"].includes(path.basename(file)),
  });
  await run("npm", ["install", ...NPM_QUIET], sdk, env);
  await run("npm", ["run", "build"], sdk, env);
  for (const file of ["package.json", "README.md"]) await cp(path.join(sdk, file), path.join(sdk, "bin", file));
  const packed = await run("npm", ["pack", "./bin", "--pack-destination", packDir, "--json"], sdk, env);
  const [tarball] = JSON.parse(packed) as { filename: string }[];
  if (!tarball) throw new Error(`npm pack answered no tarball: ${packed}`);
  return path.join(packDir, tarball.filename);
}

describeSdkExample("examples/typescript-native: @pulumi-idgov/idgov from sdk/nodejs, under the real Pulumi CLI", {
  example: "typescript-native",
  displayName: "Portal (TypeScript)",
  async install({ programDir, env }) {
    const tarball = await packNodeSdk(env);
    const manifestPath = path.join(programDir, "package.json");
    const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { dependencies: Record<string, string> };
    manifest.dependencies["@pulumi-idgov/idgov"] = `file:${tarball}`;
    await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    await run("npm", ["install", "--include=dev", ...NPM_QUIET], programDir, env);
    await run(path.join(programDir, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", "."], programDir, env);
  },
  async claimSdkVersion(programDir, version) {
    // A newer release's manifest: its own version (the SDK's `version` option) and the plugin version it asks for.
    const manifestPath = path.join(programDir, "node_modules", "@pulumi-idgov", "idgov", "package.json");
    const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { version: string; pulumi: { version: string } };
    manifest.version = version;
    manifest.pulumi.version = version;
    await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  },
});
