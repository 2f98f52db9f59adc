import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ANSWER_CHECK_ENV, type AnswerRecord } from "../../emulator/model/answerLog";
import { answerViolations } from "../../emulator/model/check";
import { operationNamed, wireOperations } from "../../emulator/model/document";

/** What the answer check saw in one test run. */
export interface AnswerCheckSummary {
  answers: number;
  operations: string[];
  violations: { operation: string; violation: string }[];
}

/** Validates every answer the emulators of a run recorded in `directory` against its operation's response schema. */
export function summarizeAnswers(directory: string): AnswerCheckSummary {
  const summary: AnswerCheckSummary = { answers: 0, operations: [], violations: [] };
  const seen = new Set<string>();
  for (const name of readdirSync(directory).filter((file) => file.endsWith(".jsonl"))) {
    for (const line of readFileSync(join(directory, name), "utf8").split("\n")) {
      if (line === "") continue;
      const { operation, answer } = JSON.parse(line) as AnswerRecord;
      summary.answers += 1;
      seen.add(operation);
      const response = operationNamed(operation).response ?? {};
      for (const violation of answerViolations(response, answer))
        summary.violations.push({ operation, violation });
    }
  }
  summary.operations = [...seen].sort();
  return summary;
}

let directory = "";

/**
 * Vitest global setup: every emulator started during the run (in any worker, or as a child process)
 * checks each answer it writes against `wire-schemas.json` and records it; at the end of the run the
 * figures are printed and any answer that differs from the document fails the run.
 */
export function setup(): void {
  directory = mkdtempSync(join(tmpdir(), "idgov-answer-check-"));
  process.env[ANSWER_CHECK_ENV] = directory;
}

/** Prints the figures and throws when an answer broke the document (which fails `npm test`). */
export function teardown(): void {
  const summary = summarizeAnswers(directory);
  rmSync(directory, { recursive: true, force: true });
  const routes = wireOperations().filter((operation) => operation.name !== "token").length;
  console.log(
    `answer check: ${summary.answers} emulator answers validated against wire-schemas.json, ` +
      `${summary.operations.length} of ${routes} operations seen, ${summary.violations.length} violations`,
  );
  if (summary.violations.length === 0) return;
  const counts = new Map<string, number>();
  for (const { operation, violation } of summary.violations) {
    const key = `${operation}: ${violation.replace(/\[\d+\]/g, "[]")}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const lines = [...counts].slice(0, 60).map(([key, count]) => `  ${count} x ${key}`);
  process.exitCode = 1;
  throw new Error(`emulator answers that differ from wire-schemas.json:\n${lines.join("\n")}`);
}
