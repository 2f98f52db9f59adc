/**
 * The last step of `npm run build`: the plugin's bundle, the one a release archive holds, with the commands' bundle
 * and the third-party notices beside it, in dist/plugin/. It is the npm package's `pulumi-resource-idgov` bin, so a
 * user of `npm install pulumi-idgov` starts and runs the same code as a user of a release.
 */
import { chmod, mkdir, rm, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { bundlePlugin, PLUGIN_BUNDLE } from "./bundle";
import { NOTICES_FILE, thirdPartyNotices } from "./notices";

/** Where the build writes the bin's bundle, from the package root. */
export const BIN_BUNDLE_DIR = path.join("dist", "plugin");

/** Writes dist/plugin/ (replaced) from the built dist/. */
export async function writeBinBundle(root: string): Promise<void> {
  const dir = path.join(root, BIN_BUNDLE_DIR);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const bundle = path.join(dir, PLUGIN_BUNDLE);
  const metafile = await bundlePlugin(root, bundle);
  await writeFile(path.join(dir, NOTICES_FILE), thirdPartyNotices(root, metafile));
  await chmod(bundle, 0o755);
}

if (require.main === module) {
  writeBinBundle(path.resolve(__dirname, "../..")).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
