import * as fs from "node:fs";
import { packageManifest, type PackageManifest } from "../../version";

/** The version of `@pulumi/pulumi` in use beside this package, or its peer range when none is installed. */
function pulumiVersion(manifest: PackageManifest): string {
  try {
    const file = require.resolve("@pulumi/pulumi/package.json", { paths: [__dirname] });
    return (JSON.parse(fs.readFileSync(file, "utf8")) as PackageManifest).version ?? "";
  } catch {
    return manifest.peerDependencies?.["@pulumi/pulumi"] ?? "^3";
  }
}

/**
 * `Pulumi.yaml` of the exported program. When the tenant holds enumeration members pulumi-idgov does not list (written
 * `unlisted("…")`), the project lets check send them (`idgov:allowUnlistedMembers`).
 */
export function pulumiYaml(project: string, baseUrl: string, allowUnlistedMembers = false): string {
  const config = allowUnlistedMembers ? ["config:", "  idgov:allowUnlistedMembers: true"] : [];
  return [
    `name: ${project}`,
    `description: The tenant ${baseUrl}, adopted with pulumi-idgov.`,
    "runtime:",
    "  name: nodejs",
    "  options:",
    "    typescript: true",
    ...config,
    "",
  ].join("\n");
}

/**
 * `package.json` of the exported program: this package as `packageSpec` names it (see `installSpec`), and
 * `@pulumi/pulumi` at the version in use.
 */
export function packageJson(project: string, packageSpec: string): string {
  const manifest = packageManifest();
  const dev = manifest.devDependencies ?? {};
  const pick = (name: string, fallback: string) => dev[name] ?? fallback;
  const program = {
    name: project,
    private: true,
    main: "index.ts",
    dependencies: {
      "@pulumi/pulumi": pulumiVersion(manifest),
      "pulumi-idgov": packageSpec,
    },
    devDependencies: {
      "@types/node": pick("@types/node", "^20.19.0"),
      "ts-node": pick("ts-node", "^10.9.2"),
      typescript: pick("typescript", "~5.9.3"),
    },
  };
  return `${JSON.stringify(program, null, 2)}\n`;
}

/** `tsconfig.json` of the exported program: strict, like the package's own. */
export function tsconfigJson(files: readonly string[]): string {
  const config = {
    compilerOptions: {
      target: "ES2022",
      module: "commonjs",
      moduleResolution: "node10",
      strict: true,
      esModuleInterop: true,
      skipLibCheck: true,
      types: ["node"],
    },
    files: [...files].sort(),
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
