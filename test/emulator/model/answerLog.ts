import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { answerViolations } from "./check";
import type { WireOperation } from "./document";

/**
 * Environment variable naming a directory: when set, every answer the emulator writes is checked
 * against its operation's response schema and recorded there (one JSON line per answer, one file
 * per process and thread). The vitest global setup sets it for the whole test run.
 */
export const ANSWER_CHECK_ENV = "IDGOV_EMULATOR_ANSWER_CHECK";

/** One recorded answer: the operation and what was wrong with it (empty when it conforms). */
export interface AnswerRecord {
  operation: string;
  violations: string[];
}

/** Checks an answer and records the outcome when {@link ANSWER_CHECK_ENV} is set; does nothing otherwise. */
export function recordAnswer(operation: WireOperation, answer: unknown): void {
  const directory = process.env[ANSWER_CHECK_ENV];
  if (directory === undefined || directory === "" || operation.response === undefined) return;
  const record: AnswerRecord = {
    operation: operation.name,
    violations: answerViolations(operation.response, answer).slice(0, 20),
  };
  appendFileSync(join(directory, `answers-${process.pid}-${threadId}.jsonl`), `${JSON.stringify(record)}\n`);
}
