import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import type { WireOperation } from "./document";

/**
 * Environment variable naming a directory: when set, every answer the emulator writes is recorded
 * there with its operation (one JSON line per answer, one file per process and thread), for the
 * answer check to validate against `wire-schemas.json` after the run. The vitest global setup sets
 * it for the whole test run. Checking after the run keeps the emulator's own timing unchanged.
 */
export const ANSWER_CHECK_ENV = "IDGOV_EMULATOR_ANSWER_CHECK";

/** One recorded answer: the operation that wrote it and the answer as sent. */
export interface AnswerRecord {
  operation: string;
  answer: unknown;
}

/** Records an answer when {@link ANSWER_CHECK_ENV} is set; does nothing otherwise. */
export function recordAnswer(operation: WireOperation, answer: unknown): void {
  const directory = process.env[ANSWER_CHECK_ENV];
  if (directory === undefined || directory === "") return;
  const record: AnswerRecord = { operation: operation.name, answer };
  appendFileSync(join(directory, `answers-${process.pid}-${threadId}.jsonl`), `${JSON.stringify(record)}\n`);
}
