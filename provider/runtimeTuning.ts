/**
 * How the process's runtime is tuned, in one place: V8 flags chosen per V8 version for the plugin's short life, and
 * the flag undici's first exchange runs under. The plugin's entry applies {@link tunePluginRuntime}; nothing else sets
 * a V8 flag.
 */
import { setFlagsFromString } from "node:v8";

/** V8's default `--interrupt-budget` in V8 11.3 (every Node.js 20): bytecode a function runs before it is considered hot. */
const V8_11_3_INTERRUPT_BUDGET = 66 * 1024;

/**
 * The plugin's V8 flags by V8 version (a prefix of `process.versions.v8`), each measured by the bench
 * (bench/RESULTS.md). V8 11.3 (Node.js 20): optimize a hot function four times later; the plugin lives for one command
 * of many short calls, and in a refresh of 1,000 Apps the optimizing compiler's background work was about a third of
 * its CPU, most of it never paid back. V8 12.4 (Node.js 22, the one inside the release's executables) and later tier
 * up through Maglev first and wait 3,000 invocations for TurboFan by default, and have no `--interrupt-budget`: they
 * are left as they are.
 */
const PLUGIN_V8_FLAGS: readonly { v8: string; flags: readonly string[] }[] = [
  { v8: "11.3.", flags: [`--interrupt-budget=${4 * V8_11_3_INTERRUPT_BUDGET}`] },
];

/** The flags {@link tunePluginRuntime} sets on V8 version `v8`. */
export function pluginV8Flags(v8: string = process.versions.v8): readonly string[] {
  return PLUGIN_V8_FLAGS.find((entry) => v8.startsWith(entry.v8))?.flags ?? [];
}

/** Tunes this process for the plugin's life: the V8 flags of its V8 version (none for a version not measured). */
export function tunePluginRuntime(): void {
  for (const flag of pluginV8Flags()) setFlagsFromString(flag);
}

/**
 * Runs `exchange` with V8's baseline WebAssembly compiler only. undici parses HTTP/1.1 with a WebAssembly build of
 * llhttp, compiled on the first connection; V8 then recompiles its large parse function with its optimizing compiler
 * in the background, which briefly takes about 20–35 MB (Node 20). The flag is V8's process-wide, so it is set only
 * while the module is compiled and put back after.
 */
export async function withBaselineWasmCompiler<T>(exchange: () => Promise<T>): Promise<T> {
  setFlagsFromString("--liftoff-only");
  try {
    return await exchange();
  } finally {
    setFlagsFromString("--no-liftoff-only");
  }
}
