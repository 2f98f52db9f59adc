import type { z } from "zod";
import { IdgovArgumentError } from "../errors/argument-error";
import type { PagingArgs } from "./args";

const PAGING_KEYS = ["pageSize", "limit"] as const;

/** The arguments as a record, rejecting a non-object and any key not in `allowed`. */
/** @internal */
export function checkArgKeys(
  lookup: string,
  args: unknown,
  allowed: readonly string[],
): Record<string, unknown> {
  if (args === undefined || args === null) return {};
  if (typeof args !== "object" || Array.isArray(args)) {
    throw new IdgovArgumentError(lookup, "args", "must be an object");
  }
  const known = new Set(allowed);
  const unknown = Object.keys(args).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    const names = unknown.map((key) => JSON.stringify(key)).join(", ");
    throw new IdgovArgumentError(
      lookup,
      unknown[0]!,
      `is not an argument (got ${names}; known: ${allowed.join(", ")})`,
    );
  }
  return args as Record<string, unknown>;
}

/** Like {@link checkArgKeys}, for a listing: `pageSize` and `limit` are arguments too. */
/** @internal */
export function checkListArgKeys(
  lookup: string,
  args: unknown,
  allowed: readonly string[],
): Record<string, unknown> {
  return checkArgKeys(lookup, args, [...allowed, ...PAGING_KEYS]);
}

/** A required id: a non-blank string, or an {@link IdgovArgumentError} naming it. */
/** @internal */
export function requireId(lookup: string, args: Record<string, unknown>, name: string): string {
  const value = args[name];
  if (value === undefined || value === null || value === "") {
    throw new IdgovArgumentError(lookup, name, "is required");
  }
  if (typeof value !== "string")
    throw new IdgovArgumentError(lookup, name, `must be a string (got ${typeof value})`);
  if (value.trim() === "") throw new IdgovArgumentError(lookup, name, "is required (got only whitespace)");
  return value;
}

/** An optional string argument. */
/** @internal */
export function optionalString(
  lookup: string,
  args: Record<string, unknown>,
  name: string,
): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string")
    throw new IdgovArgumentError(lookup, name, `must be a string (got ${typeof value})`);
  return value;
}

function wholeNumberIn(
  lookup: string,
  name: string,
  value: unknown,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new IdgovArgumentError(
      lookup,
      name,
      `must be a whole number from ${min} to ${max} (got ${String(value)})`,
    );
  }
  return value;
}

/** The checked paging controls; `defaultPageSize` applies when neither `pageSize` nor `limit` is set. */
/** @internal */
export function pagingOf(
  lookup: string,
  args: Record<string, unknown>,
  defaultPageSize: number,
): { pageSize: number; limit?: number } {
  const pageSize = wholeNumberIn(lookup, "pageSize", args["pageSize"], 1, 100);
  const limit = wholeNumberIn(lookup, "limit", args["limit"], 1, Number.MAX_SAFE_INTEGER);
  const size =
    pageSize ?? (limit === undefined ? defaultPageSize : Math.min(defaultPageSize, Math.max(10, limit)));
  return limit === undefined ? { pageSize: size } : { pageSize: size, limit };
}

/** Checks a request body with its schema; the first issue becomes an {@link IdgovArgumentError}. */
/** @internal */
export function checkBody<S extends z.ZodType>(lookup: string, schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const unknownKeys = issue.code === "unrecognized_keys" ? issue.keys : [];
  const path = [...issue.path.map(String), ...unknownKeys.slice(0, 1)].join(".") || "args";
  throw new IdgovArgumentError(lookup, path, `is invalid: ${issue.message.replace(/^Invalid input: /, "")}`);
}

/**
 * Checks enumeration arguments (one value or a list) against their prefix, e.g. `statuses` against
 * `AUTOMATION_STATUS_FILTER_`: members the package does not know pass (the service may add them), but a
 * value without the prefix (`"ON"` for `AUTOMATION_STATUS_FILTER_ON`) is an {@link IdgovArgumentError}.
 */
/** @internal */
export function checkEnumPrefixes(
  lookup: string,
  body: Record<string, unknown>,
  prefixes: Readonly<Record<string, string>>,
): void {
  for (const [name, prefix] of Object.entries(prefixes)) {
    const value = body[name];
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
    values.forEach((item: unknown, index) => {
      if (typeof item === "string" && item.startsWith(prefix) && /^[A-Z][A-Z0-9_]*$/.test(item)) return;
      const argument = Array.isArray(value) ? `${name}.${index}` : name;
      throw new IdgovArgumentError(
        lookup,
        argument,
        `must be an enumeration value starting with ${prefix} (got ${JSON.stringify(item)})`,
      );
    });
  }
}

/** The named arguments that are set (`undefined` and `null` left out), as a request body. */
/** @internal */
export function pickSet(args: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    keys.filter((key) => args[key] !== undefined && args[key] !== null).map((key) => [key, args[key]]),
  );
}
