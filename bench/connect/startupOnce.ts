/**
 * BENCH ONLY: bench/nativeStartup.ts `measureNativeStartup` (median of its runs) through the release launcher of the
 * variant named on the command line (`hand` or `connect`); prints one JSON line with the machine's load.
 */
import { loadavg } from "node:os";
import { VARIANT_DIRS } from "./bundle";
import { measureNativeStartup } from "../nativeStartup";

const variant = process.argv[2] as keyof typeof VARIANT_DIRS;
const runs = Number(process.argv[3] ?? 15);

void measureNativeStartup(VARIANT_DIRS[variant], runs).then((figures) => {
  const load = loadavg().map((value) => value.toFixed(2));
  process.stdout.write(`${JSON.stringify({ variant, at: new Date().toISOString(), load, ...figures })}\n`);
  process.exit(0);
});
