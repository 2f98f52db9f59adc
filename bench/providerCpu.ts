import { decodeProps, diffResource } from "../provider/engine";
import { checkCase, type CpuCase, cpuCases } from "./cpuCases";
import { median, round } from "./ideal";

/** Per-case figures, in microseconds, and the largest as the headline. */
export type MicrosByCase = Record<string, number> & { max: number };

/** What section 4 measured. */
export interface CpuFigures {
  method: string;
  checkMicros: MicrosByCase;
  diffMicros: MicrosByCase;
}

const SAMPLES = 21;
const SAMPLE_MS = 25;
const WARMUP_CALLS = 200;

/**
 * The median time of one call of `operation`, in microseconds: after a warm-up, `SAMPLES` samples each run it
 * for at least `SAMPLE_MS` and divide by the calls made.
 */
export function timePerCall(operation: () => unknown): number {
  for (let call = 0; call < WARMUP_CALLS; call += 1) operation();
  const perCall: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    let calls = 0;
    const started = performance.now();
    let elapsed = 0;
    while (elapsed < SAMPLE_MS) {
      operation();
      calls += 1;
      elapsed = performance.now() - started;
    }
    perCall.push((elapsed * 1000) / calls);
  }
  return round(median(perCall), 1);
}

function byCase(cases: readonly CpuCase[], time: (one: CpuCase) => number): MicrosByCase {
  const values = Object.fromEntries(cases.map((one) => [one.label, time(one)]));
  return { ...values, max: Math.max(...Object.values(values)) } as MicrosByCase;
}

/** Times the engine's check and diff of large resources in this process (no I/O). */
export function measureProviderCpu(): CpuFigures {
  const cases = cpuCases();
  const checked = new Map(cases.map((one) => [one, checkCase(one.kind, one.news, one.ownership).inputs]));
  const noopDiff = (one: CpuCase) =>
    diffResource(
      one.kind,
      "bench",
      decodeProps(one.olds),
      decodeProps(checked.get(one) ?? {}, one.ownership),
      "0.1.0",
    );
  if (cases.some((one) => noopDiff(one).changes))
    throw new Error("a no-op diff found changes: the cases are wrong");
  return {
    method:
      `in-process calls of the engine's checkInputs and diffResource (a no-op diff against the state after ` +
      `create), median of ${SAMPLES} samples of ${SAMPLE_MS} ms after ${WARMUP_CALLS} warm-up calls`,
    checkMicros: byCase(cases, (one) => timePerCall(() => checkCase(one.kind, one.news, one.ownership))),
    diffMicros: byCase(cases, (one) => timePerCall(() => noopDiff(one))),
  };
}
