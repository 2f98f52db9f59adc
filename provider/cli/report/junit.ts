import { escapeXml as x } from "./escape";
import { type FleetReport, OPERATION_WORDS, plural, type StackResult } from "./model";

/** The most characters of a failure's text: the page holds the rest. */
const DETAIL_LENGTH = 20_000;

function failureText(stack: StackResult): string {
  const lines = stack.drifted.flatMap((object) =>
    object.fields.length === 0
      ? [`${object.kind} ${object.name}: ${OPERATION_WORDS[object.operation] ?? object.operation}`]
      : object.fields.map(
          (field) =>
            `${object.kind} ${object.name}: ${field.path}: the code wants ${field.wanted}, found ${field.found}`,
        ),
  );
  const text = lines.join("\n");
  return text.length > DETAIL_LENGTH ? `${text.slice(0, DETAIL_LENGTH)}\n… (the page lists the rest)` : text;
}

function testCase(stack: StackResult): string {
  const open = `<testcase classname="pulumi-idgov.drift" name="${x(stack.name)}" file="${x(stack.source)}">`;
  if (stack.status === "broken") {
    const message = stack.errors[0] ?? "the check could not judge";
    return `${open}<error message="${x(message)}" type="broken check">${x(stack.errors.join("\n"))}</error></testcase>`;
  }
  if (stack.status === "drifted") {
    const fields = [
      ...new Set(
        stack.drifted.flatMap((object) =>
          object.fields.length > 0
            ? object.fields.map((field) => `${object.name}.${field.path}`)
            : [`${object.name} (${OPERATION_WORDS[object.operation] ?? object.operation})`],
        ),
      ),
    ];
    const more = fields.length > 20 ? ", …" : "";
    const message = `drift in ${plural(stack.drifted.length, "object")}: ${fields.slice(0, 20).join(", ")}${more}`;
    return `${open}<failure message="${x(message)}" type="drift">${x(failureText(stack))}</failure></testcase>`;
  }
  return `${open}</testcase>`;
}

/**
 * JUnit XML as GitLab's and GitHub's test-report views read it: one test suite, each stack a test case; drift is a
 * failure naming the objects and fields, a broken check an error.
 */
export function junitReport(report: FleetReport): string {
  const stacks = report.stacks;
  const failures = stacks.filter((stack) => stack.status === "drifted").length;
  const errors = stacks.filter((stack) => stack.status === "broken").length;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="pulumi-idgov drift" tests="${stacks.length}" failures="${failures}" errors="${errors}">`,
    `<testsuite name="pulumi-idgov drift" tests="${stacks.length}" failures="${failures}" errors="${errors}" skipped="0" timestamp="${x(report.generatedAt)}">`,
    ...stacks.map(testCase),
    "</testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
