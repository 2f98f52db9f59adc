import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import type { TestProject } from "vitest/node";
import { packPackage } from "../../testkit/pack";
import { getPulumiCli } from "../../testkit/pulumiCli";

declare module "vitest" {
  export interface ProvidedContext {
    /** Bin dir of the Pulumi CLI (with the Node.js language host and the dynamic-provider plugin). */
    pulumiBinDir: string;
    /** The package as `npm pack` makes it. */
    packageTarball: string;
  }
}

/**
 * Once per run: gets the Pulumi CLI (cached; the first build prints its progress) and packs the package, which each
 * example then installs as a user would.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const binDir = await getPulumiCli({ onProgress: (chunk) => process.stderr.write(chunk) });
  const packDir = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-e2e-pack-"));
  project.provide("pulumiBinDir", binDir);
  project.provide("packageTarball", await packPackage(packDir));
  return () => rm(packDir, { recursive: true, force: true });
}
