/**
 * What the contract tests measured, gathered across their files and printed once at the end: operations covered,
 * fields checked per form, and every field where the package reads an answer differently from the document.
 */
import type { Form } from "./wireAnswers";

/** The figures of one run. */
export const figures = {
  operations: new Set<string>(),
  fieldsChecked: { emitUnpopulated: 0, omitUnset: 0 } as Record<Form, number>,
  answers: 0,
};

/** Records one answer fed through the package. */
export function recordAnswer(operation: string, form: Form, fields: number): void {
  figures.operations.add(operation);
  figures.fieldsChecked[form] += fields;
  figures.answers += 1;
}

/** Prints the figures of one test file (vitest runs each file on its own). */
export function printFigures(file: string): void {
  const { operations, fieldsChecked, answers } = figures;
  console.log(
    `contract figures (${file}): ${operations.size} operations (${[...operations].sort().join(", ")}); ` +
      `${answers} answers; fields checked: emitUnpopulated ${fieldsChecked.emitUnpopulated}, omitUnset ${fieldsChecked.omitUnset}`,
  );
}

/** The paths (list indexes as `[]`) of `expected` that `actual` does not hold with the same value. */
export function differingPaths(expected: unknown, actual: unknown, path = ""): string[] {
  if (expected === null) return [];
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [path];
    return expected.flatMap((item, index) => differingPaths(item, actual[index], `${path}[]`));
  }
  if (typeof expected === "object") {
    if (actual === null || typeof actual !== "object") return [path];
    return Object.entries(expected as Record<string, unknown>).flatMap(([key, value]) =>
      differingPaths(value, (actual as Record<string, unknown>)[key], path === "" ? key : `${path}.${key}`),
    );
  }
  return expected === actual ? [] : [path];
}

/** A copy of an answer as a client reads it: `null` means unset, so a `null` field is left out. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [key, withoutNulls(field)]),
  );
}
