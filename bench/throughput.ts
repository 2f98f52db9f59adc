import { median, round } from "./ideal";

/** How a throughput is measured: workers, and rounds of a fixed length whose median is the figure. */
export interface ThroughputOptions {
  /** Requests in flight at once (each worker sends its next one when its last is answered). */
  concurrency: number;
  /** Length of one round, in milliseconds. */
  roundMs: number;
}

/** Requests per second of one round: `concurrency` workers each calling `send` in a loop for `roundMs`. */
export async function requestsPerSecond(
  send: (index: number) => Promise<unknown>,
  { concurrency, roundMs }: ThroughputOptions,
): Promise<number> {
  let sent = 0;
  const started = performance.now();
  const deadline = started + roundMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const index = sent;
      sent += 1;
      await send(index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return (sent * 1000) / (performance.now() - started);
}

/**
 * Measures several request loops in alternating rounds (A, B, A, B, …) after a warm-up round each, so that a
 * machine whose load changes treats them alike; answers each loop's median requests per second.
 */
export async function alternatingThroughput<Name extends string>(
  loops: Readonly<Record<Name, (index: number) => Promise<unknown>>>,
  options: ThroughputOptions & { rounds: number; between?: () => Promise<void> },
): Promise<Record<Name, number>> {
  const names = Object.keys(loops) as Name[];
  const results = new Map<Name, number[]>(names.map((name) => [name, []]));
  for (let round = -1; round < options.rounds; round += 1) {
    for (const name of names) {
      const perSecond = await requestsPerSecond(loops[name], options);
      if (round >= 0) results.get(name)?.push(perSecond);
      await options.between?.();
    }
  }
  return Object.fromEntries(names.map((name) => [name, round(median(results.get(name) ?? []))])) as Record<
    Name,
    number
  >;
}
