/**
 * BENCH ONLY: stages the two plugins to compare, each in a folder of its own laid out as a release archive (bundle
 * plus the release's launcher `pulumi-resource-idgov`), under a program-like folder as bench/nativeStartup.ts reads:
 *   .bench-connect/hand/plugin/     the shipped plugin, by scripts/release/archives.ts `stagePlugin`
 *   .bench-connect/connect/plugin/  bench/connect/connectPlugin.ts, bundled with the same esbuild options and the
 *                                   same rewrite of protocol.js as scripts/release/bundle.ts, the same launcher
 * Run after `npm run build`:  npx tsx bench/connect/bundle.ts
 */
import { chmod, copyFile, mkdir, rm } from "node:fs/promises";
import * as path from "node:path";
import { build } from "esbuild";
import { stagePlugin } from "../../scripts/release/archives";
import { PLUGIN_BUILD_OPTIONS, pulumiRequires } from "../../scripts/release/bundle";
import { packageManifest, packageVersion } from "../../provider/version";

const root = path.resolve(__dirname, "../..");
/** The program-like folders of each variant; the bundle is `<dir>/plugin/pulumi-resource-idgov.js`. */
export const VARIANT_DIRS = {
  hand: path.join(root, ".bench-connect", "hand"),
  connect: path.join(root, ".bench-connect", "connect"),
} as const;
export const bundleOf = (variant: keyof typeof VARIANT_DIRS) =>
  path.join(VARIANT_DIRS[variant], "plugin", "pulumi-resource-idgov.js");

async function main() {
  const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [root] }));
  await mkdir(path.join(root, ".bench-connect"), { recursive: true });
  const hand = path.join(VARIANT_DIRS.hand, "plugin");
  await stagePlugin(root, hand, { ...packageManifest(), version: packageVersion() }, "");
  const connect = path.join(VARIANT_DIRS.connect, "plugin");
  await rm(connect, { recursive: true, force: true });
  await mkdir(connect, { recursive: true });
  await build({
    ...PLUGIN_BUILD_OPTIONS,
    entryPoints: [path.join(__dirname, "connectPlugin.ts")],
    outfile: bundleOf("connect"),
    plugins: [pulumiRequires(pulumiDir)],
  });
  await chmod(bundleOf("connect"), 0o755);
  await copyFile(path.join(hand, "pulumi-resource-idgov"), path.join(connect, "pulumi-resource-idgov"));
  await chmod(path.join(connect, "pulumi-resource-idgov"), 0o755);
  // The release's package.json too: the plugin reads its version from the nearest one.
  await copyFile(path.join(hand, "package.json"), path.join(connect, "package.json"));
}

if (require.main === module)
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
