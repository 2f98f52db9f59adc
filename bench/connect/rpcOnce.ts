/**
 * BENCH ONLY: one run of bench/nativeRpcCpu.ts `measureNativeRpcCpu(emulator, N)` against a fresh emulator process,
 * for the plugin bundle of the variant named on the command line (`hand` or `connect`, as bench/connect/bundle.ts
 * stages them); prints one JSON line with the machine's load before and after.
 */
import { loadavg } from "node:os";
import { bundleOf } from "./bundle";

/** `hand`, `connect`, or `connect-identity` (the connect plugin with compression off: IDGOV_BENCH_CONNECT_IDENTITY). */
const variant = process.argv[2] as "hand" | "connect" | "connect-identity";
const resources = Number(process.argv[3] ?? 1000);

async function main() {
  // testkit/nativePlugin.ts reads the plugin to start when it loads: set before it is imported.
  process.env.IDGOV_TEST_PLUGIN_MAIN = bundleOf(variant === "hand" ? "hand" : "connect");
  if (variant === "connect-identity") process.env.IDGOV_BENCH_CONNECT_IDENTITY = "1";
  const { startEmulatorProcess } = await import("../emulatorProcess");
  const { measureNativeRpcCpu } = await import("../nativeRpcCpu");
  const emulator = await startEmulatorProcess();
  const loadBefore = loadavg().map((value) => value.toFixed(2));
  try {
    const { method: _method, ...figures } = await measureNativeRpcCpu(emulator, resources);
    const loadAfter = loadavg().map((value) => value.toFixed(2));
    process.stdout.write(
      `${JSON.stringify({ variant, at: new Date().toISOString(), loadBefore, loadAfter, ...figures })}\n`,
    );
  } finally {
    await emulator.close();
  }
  process.exit(0);
}

void main();
