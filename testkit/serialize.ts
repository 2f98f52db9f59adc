import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

const root = path.resolve(__dirname, "..");
const cacheDir = path.join(tmpdir(), "pulumi-idgov-serialized-providers");

/** What the serialized text depends on: the compiled shim, the serializer's version, the kind. */
function cacheKey(kind: string): string {
  const shim = readFileSync(path.join(root, "dist/resources/dynamic/shim.js"));
  const pulumiVersion = (require("@pulumi/pulumi/package.json") as { version: string }).version;
  return createHash("sha256").update(shim).update(pulumiVersion).update(kind).digest("hex");
}

/**
 * The `__provider` text Pulumi stores for a kind, made the way a user's program makes it: the compiled package's
 * shim serialized by Pulumi's own closure serializer, in a plain Node process (not under the test runner's
 * transforms). Cached on disk by the compiled shim's content, since loading the serializer takes seconds.
 */
export function serializedProvider(kind: string): string {
  const cached = path.join(cacheDir, `${cacheKey(kind)}.js`);
  try {
    return readFileSync(cached, "utf8");
  } catch {
    // not serialized yet
  }
  const script = `
    const { providerFor } = require("./dist/resources/dynamic/shim.js");
    const { serializeFunction } = require("@pulumi/pulumi/runtime");
    const provider = providerFor(${JSON.stringify(kind)});
    serializeFunction(() => provider, { allowSecrets: true })
      .then((sf) => process.stdout.write(sf.text));`;
  const text = execFileSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" });
  mkdirSync(cacheDir, { recursive: true });
  const temporary = `${cached}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, cached);
  return text;
}
