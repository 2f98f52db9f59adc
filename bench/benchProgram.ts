import { mkdir, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { version as pulumiSdkVersion } from "@pulumi/pulumi/package.json";
import type { KindScenario } from "./scenarios";

/** The bench program's Pulumi project name. */
export const BENCH_PROJECT = "idgov-bench";

/**
 * The program: `bench:apps` Apps (plain JavaScript, so no TypeScript compile is timed), and with `bench:kinds` one
 * resource of every scenario in `kinds.json`. With `bench:floor` the same N resources, with the same names and
 * inputs, are no-op dynamic resources instead (type `pulumi-nodejs:dynamic/floor:App`, as long as ours): their
 * provider's `create` answers at once with its inputs, and it has no other method. That is the engine's floor: what
 * any dynamic provider costs, run by the same CLI with the same flags. With `bench:native` they are Apps of the native
 * provider plugin (`idgov:index:App` through `pulumi.CustomResource`; the plugin as {@link PLUGIN_LAYOUTS} installs
 * it), run by the same language host.
 */
const PROGRAM = `"use strict";
const pulumi = require("@pulumi/pulumi");

const config = new pulumi.Config("bench");
const apps = config.getNumber("apps") || 0;
const floor = config.getBoolean("floor");
const native = config.getBoolean("native");
const noop = { async create(inputs) { return { id: inputs.displayName, outs: inputs }; } };
const App = floor
  ? class extends pulumi.dynamic.Resource {
      constructor(name, args) { super(noop, name, args, undefined, "floor", "App"); }
    }
  : native
    ? class extends pulumi.CustomResource {
        constructor(name, args) { super("idgov:index:App", name, args); }
      }
    : require("pulumi-idgov").App;
for (let index = 0; index < apps; index += 1) {
  new App(\`app-\${index}\`, { displayName: \`Bench app \${index}\`, description: "Made by npm run bench" });
}
if (config.getBoolean("kinds")) {
  const idgov = require("pulumi-idgov");
  for (const { kind, name, program } of require("./kinds.json")) new idgov[kind](name, program);
}
`;

/**
 * How the native plugin is installed: as a release archive unpacks it (`pulumi plugin install`: the executable and the
 * files beside it), or as `npm install pulumi-idgov` lays it out (the package's bin in `node_modules/.bin`).
 */
export const PLUGIN_LAYOUTS = ["release", "npm"] as const;
export type PluginLayout = (typeof PLUGIN_LAYOUTS)[number];

/** The program's folder that holds `pulumi-resource-idgov` as a release archive does. */
export const RELEASED_PLUGIN_DIR = "plugin";

/** Where each layout's `pulumi-resource-idgov` is, from the program's folder. */
export const PLUGIN_DIRS: Record<PluginLayout, string> = {
  release: RELEASED_PLUGIN_DIR,
  npm: path.join("node_modules", ".bin"),
};

/** The project file: where Pulumi finds `pulumi-resource-idgov` in `layout`. */
export function benchProjectFile(layout: PluginLayout): string {
  const plugin = `plugins:\n  providers:\n    - name: idgov\n      path: ./${PLUGIN_DIRS[layout]}\n`;
  return `name: ${BENCH_PROJECT}\nruntime: nodejs\n${plugin}`;
}

/** Writes the bench's program folder (Pulumi.yaml, package.json, index.js, kinds.json) into `dir`. */
export async function writeBenchProgram(dir: string, scenarios: readonly KindScenario[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const manifest = {
    name: BENCH_PROJECT,
    private: true,
    main: "index.js",
    dependencies: { "@pulumi/pulumi": pulumiSdkVersion },
  };
  const kinds = scenarios.map(({ kind, name, program }) => ({ kind, name, program }));
  await writeFile(path.join(dir, "Pulumi.yaml"), benchProjectFile("release"));
  await writeFile(path.join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(dir, "index.js"), PROGRAM);
  await writeFile(path.join(dir, "kinds.json"), `${JSON.stringify(kinds, null, 2)}\n`);
}
