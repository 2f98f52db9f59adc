import * as fs from "node:fs";
import * as path from "node:path";

let cached: string | undefined;

/** The version of the installed pulumi-idgov package, read from its package.json. */
export function packageVersion(): string {
  if (cached !== undefined) return cached;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (manifest.name === "pulumi-idgov") return (cached = manifest.version ?? "0.0.0");
    }
    if (path.dirname(dir) === dir) return (cached = "0.0.0");
  }
}
