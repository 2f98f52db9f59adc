/**
 * The plugin `pulumi-resource-idgov` as one file: dist/provider/native/main.js and everything it loads, bundled by
 * esbuild, so a release archive holds no node_modules and starts without resolving a package.
 */
import * as path from "node:path";
import { build, type BuildOptions, type Metafile, type Plugin } from "esbuild";

/** The oldest Node.js the package supports (package.json `engines`), checked first by the bundle itself. */
export const NODE_FLOOR = "20.18.1";

/** The bundle's first lines: one line naming what to install when this Node.js is older than the floor. */
const NODE_CHECK = `(function () {
  var want = ${JSON.stringify(NODE_FLOOR)}.split(".").map(Number);
  var have = process.versions.node.split(".").map(Number);
  for (var i = 0; i < 3; i++) {
    if (have[i] > want[i]) return;
    if (have[i] < want[i]) {
      process.stderr.write("pulumi-resource-idgov: Node.js " + process.versions.node + " is too old: install Node.js >= ${NODE_FLOOR} (https://nodejs.org) and put it on PATH\\n");
      process.exit(1);
    }
  }
})();`;

/**
 * protocol.js loads gRPC and the protocol stubs through a require made for @pulumi/pulumi's folder, which esbuild
 * cannot follow: the same requests, made plain and resolved from that folder, are bundled instead.
 */
export function pulumiRequires(pulumiDir: string): Plugin {
  return {
    name: "pulumi-requires",
    setup(on) {
      on.onLoad(
        { filter: /[\\/]provider[\\/]native[\\/](protocol|monitorProtocol)\.(js|ts)$/ },
        async (args) => {
          const { readFile } = await import("node:fs/promises");
          const source = await readFile(args.path, "utf8");
          const plain = source.replace(/const fromPulumi = .*\n/, "").replace(/\bfromPulumi\(/g, "require(");
          if (plain === source || plain.includes("createRequire)(")) {
            throw new Error(
              `${args.path} no longer loads its stubs through fromPulumi: update scripts/release/bundle.ts`,
            );
          }
          return { contents: plain, loader: args.path.endsWith(".ts") ? "ts" : "js", resolveDir: pulumiDir };
        },
      );
    },
  };
}

/** The plugin's bundle: in a release archive beside its launcher, and in the npm package the `pulumi-resource-idgov` bin. */
export const PLUGIN_BUNDLE = "pulumi-resource-idgov.js";

/** The file beside the plugin's bundle that holds the commands of `pulumi-idgov` (`pulumi plugin run … -- audit`). */
export const COMMANDS_BUNDLE = "pulumi-idgov.js";

/**
 * The plugin's entry loads the command door (`../cli/main`) only for a command: in the bundle, from the commands'
 * own file beside it, so serving the engine parses none of the commands' code.
 */
const commandsApart: Plugin = {
  name: "commands-apart",
  setup(on) {
    on.onResolve({ filter: /^\.\.\/cli\/main$/ }, () => ({ path: COMMANDS_BUNDLE, namespace: "commands" }));
    // A require made for the file itself: in a single executable, `require` loads built-in modules only, and
    // `__filename` is the executable, so the commands' file is found beside the bundle or beside the executable.
    on.onLoad({ filter: /.*/, namespace: "commands" }, () => ({
      contents: `module.exports = require("node:module").createRequire(__filename)("./${COMMANDS_BUNDLE}");`,
      loader: "js",
    }));
  },
};

/** How the plugin is bundled: one CommonJS file for Node.js 20, minified with its names kept, licenses at its end. */
export const PLUGIN_BUILD_OPTIONS = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  minify: true,
  keepNames: true,
  legalComments: "eof",
  logLevel: "warning",
} as const satisfies BuildOptions;

/**
 * Bundles the built plugin into `outfile`, and the commands of `pulumi-idgov` into {@link COMMANDS_BUNDLE} beside it;
 * answers esbuild's account of every input of both (for the SBOM).
 */
export async function bundlePlugin(root: string, outfile: string): Promise<Metafile> {
  const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [root] }));
  const bundle = async (entry: string, target: string, plugins: Plugin[]) => {
    const result = await build({
      ...PLUGIN_BUILD_OPTIONS,
      entryPoints: [path.join(root, "dist", "provider", entry)],
      outfile: target,
      metafile: true,
      banner: { js: NODE_CHECK },
      plugins: [pulumiRequires(pulumiDir), ...plugins],
    });
    if (result.errors.length > 0)
      throw new Error(`esbuild failed: ${result.errors.map((e) => e.text).join("; ")}`);
    return result.metafile;
  };
  const plugin = await bundle(path.join("native", "main.js"), outfile, [commandsApart]);
  const commands = await bundle(
    path.join("cli", "main.js"),
    path.join(path.dirname(outfile), COMMANDS_BUNDLE),
    [],
  );
  return {
    inputs: { ...plugin.inputs, ...commands.inputs },
    outputs: { ...plugin.outputs, ...commands.outputs },
  };
}
