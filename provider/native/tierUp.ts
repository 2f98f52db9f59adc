import { setFlagsFromString } from "node:v8";

/** V8's default `--interrupt-budget` in V8 11.3 (every Node.js 20): bytecode a function runs before it is considered hot. */
const DEFAULT_INTERRUPT_BUDGET = 66 * 1024;

/**
 * Makes V8 wait four times as long before it optimizes a hot function. The plugin lives for one command of many short
 * calls: in a refresh of 1,000 Apps on Node.js 20, the optimizing compiler's background work was about a third of the
 * plugin's CPU, and most of it never paid back (bench/RESULTS.md). Later Node.js versions tier up through a faster
 * compiler first, and Node.js 24's V8 has no such flag: any V8 but the one measured is left alone.
 */
export function tierUpLater(): void {
  if (process.versions.v8.startsWith("11.3.")) {
    setFlagsFromString(`--interrupt-budget=${4 * DEFAULT_INTERRUPT_BUDGET}`);
  }
}
