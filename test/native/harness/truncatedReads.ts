import { isDeepStrictEqual } from "node:util";

/** What a reader did wrong with one prefix of a message. */
export interface WrongRead {
  /** The prefix's length in bytes. */
  cut: number;
  problem: string;
}

/**
 * Reads every proper prefix of `bytes` with `read` and judges each outcome against `reference`: an `Error` thrown is
 * right, and so is a value the reference also reads from that prefix (a prefix that ends between two entries is a
 * whole, shorter message); any other value, or a throw of something that is not an `Error`, is wrong.
 * Answers every wrong read (none when the reader is right), so the caller's assertion is the only one.
 */
export function wrongReadsOfPrefixes(
  bytes: Buffer,
  read: (prefix: Buffer) => unknown,
  reference: (prefix: Buffer) => unknown,
): WrongRead[] {
  const wrong: WrongRead[] = [];
  for (let cut = 1; cut < bytes.length; cut++) {
    const prefix = bytes.subarray(0, cut);
    let expected: { value: unknown } | undefined;
    try {
      expected = { value: reference(prefix) };
    } catch {
      expected = undefined;
    }
    let ours: unknown;
    try {
      ours = read(prefix);
    } catch (error) {
      if (!(error instanceof Error)) wrong.push({ cut, problem: `threw a non-Error: ${String(error)}` });
      continue;
    }
    if (expected === undefined)
      wrong.push({ cut, problem: `read ${JSON.stringify(ours)} where the reference refuses the bytes` });
    else if (!isDeepStrictEqual(ours, expected.value))
      wrong.push({
        cut,
        problem: `read ${JSON.stringify(ours)} where the reference reads ${JSON.stringify(expected.value)}`,
      });
  }
  return wrong;
}
