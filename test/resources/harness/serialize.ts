import { execFileSync } from "node:child_process";
import * as path from "node:path";

const root = path.resolve(__dirname, "../../..");

/**
 * The `__provider` text Pulumi stores for a kind, made the way a user's program makes it: the compiled package's
 * shim serialized by Pulumi's own closure serializer, in a plain Node process (not under the test runner's
 * transforms).
 */
export function serializedProvider(kind: string): string {
  const script = `
    const { providerFor } = require("./dist/resources/shim.js");
    const { serializeFunction } = require("@pulumi/pulumi/runtime");
    const provider = providerFor(${JSON.stringify(kind)});
    serializeFunction(() => provider, { allowSecrets: true })
      .then((sf) => process.stdout.write(sf.text));`;
  return execFileSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" });
}
