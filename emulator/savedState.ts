import type { TenantState } from "./state";

type Kind = "an object" | "a list" | "a number" | "a string" | "a boolean" | "null";

function kindOf(value: unknown): Kind {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return `a${typeof value === "object" ? "n" : ""} ${typeof value}` as Kind;
}

/**
 * Checks that every collection a data file holds has the shape of the same collection in `template` (an empty
 * tenant), so that a damaged file is refused at start, naming the file and the field, instead of answering 500 later.
 * Collections the file lacks are left for the caller to fill.
 */
export function checkSavedState(file: string, saved: object, template: TenantState): void {
  const values = saved as Record<string, unknown>;
  for (const [field, expected] of Object.entries(template)) {
    if (!Object.hasOwn(values, field)) continue;
    const found = kindOf(values[field]);
    if (found !== kindOf(expected)) {
      throw new Error(`${file}: state.${field} must be ${kindOf(expected)}, found ${found}`);
    }
  }
}
