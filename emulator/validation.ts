import type { z } from "zod";
import { badRequest, type ApiError } from "./errors";

/** Writes a zod issue path the way clients name fields: `app.annotations.key`, `steps[2].kind`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else text += text === "" ? String(segment) : `.${String(segment)}`;
  }
  return text;
}

function describeIssue(issue: z.core.$ZodIssue): { path: string; rule: string }[] {
  const path = formatPath(issue.path);
  const join = (key: string): string => (path === "" ? key : `${path}.${key}`);
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => ({ path: join(key), rule: "unrecognized field" }));
    case "invalid_type":
      if (issue.input === undefined) return [{ path, rule: "required" }];
      return [{ path, rule: `expected ${issue.expected}` }];
    default:
      return [{ path, rule: / is required$/.test(issue.message) ? "required" : issue.message }];
  }
}

/** Joins zod issues into one message: `app.foo: unrecognized field; displayName: required`. */
export function formatZodIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .flatMap(describeIssue)
    .map(({ path, rule }) => (path === "" ? rule : `${path}: ${rule}`))
    .join("; ");
}

/** 400 `invalid body: <detail>`. */
export function invalidBody(detail: string): ApiError {
  return badRequest(`invalid body: ${detail}`);
}
