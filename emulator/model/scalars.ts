import { canonicalDurationText, canonicalTimestamp, DURATION_TEXT } from "../time";
import { enumPrefix, type WireNode } from "./document";

const INT64 = /^-?\d{1,19}$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const RANGES: Readonly<Record<string, readonly [number, number]>> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
};

/** A scalar checked against its node: the canonical value, or the rule it breaks. */
export type ScalarOutcome = { ok: true; value: unknown } | { ok: false; rule: string };

const fail = (rule: string): ScalarOutcome => ({ ok: false, rule });
const pass = (value: unknown): ScalarOutcome => ({ ok: true, value });

/** Whether an enum accepts a name: a listed member, or an UPPER_SNAKE name with the enum's prefix. */
export function enumAccepts(node: WireNode, value: string): boolean {
  if (node.enum?.includes(value) === true) return true;
  const prefix = enumPrefix(node);
  return (
    prefix !== "" &&
    value.startsWith(prefix) &&
    value.length > prefix.length &&
    /^[A-Z][A-Z0-9_]*$/.test(value)
  );
}

function checkString(node: WireNode, value: string): ScalarOutcome {
  if (node.enum !== undefined) {
    if (enumAccepts(node, value)) return pass(value);
    const prefix = enumPrefix(node);
    const expected = prefix === "" ? `one of ${node.enum.join(", ")}` : `a value starting with ${prefix}`;
    return fail(`unknown value ${JSON.stringify(value)} (expected ${expected})`);
  }
  switch (node.format) {
    case "int64": {
      if (!INT64.test(value)) return fail('expected an int64 as a string of decimal digits such as "42"');
      const number = BigInt(value);
      return number < INT64_MIN || number > INT64_MAX ? fail("outside the int64 range") : pass(value);
    }
    case "duration": {
      if (!DURATION_TEXT.test(value)) {
        return fail('must be a protobuf duration in seconds such as "3600s" or "1.5s"');
      }
      const canonical = canonicalDurationText(value);
      return canonical === undefined
        ? fail("must be within the protobuf duration range of ±315576000000s")
        : pass(canonical);
    }
    case "date-time": {
      const canonical = canonicalTimestamp(value);
      return canonical === undefined
        ? fail('must be an RFC 3339 timestamp such as "2026-11-21T14:00:00Z"')
        : pass(canonical);
    }
    case "base64":
      return BASE64.test(value) ? pass(value) : fail("expected standard base64");
    default:
      return pass(value);
  }
}

function checkInteger(node: WireNode, value: number): ScalarOutcome {
  const format = node.format ?? "int32";
  if (!Number.isInteger(value)) return fail(`expected an integer (${format})`);
  const [low, high] = RANGES[format] ?? [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  if (value < low)
    return fail(low === 0 ? `must be 0 or more (${format})` : `must be ${low} or more (${format})`);
  if (value > high) return fail(`must be at most ${high} (${format})`);
  return pass(value);
}

/**
 * Checks a JSON scalar against a string, integer, number or boolean node (type, enum, format,
 * integer range) and answers its canonical form (durations and timestamps rewritten canonically).
 */
export function checkScalar(node: WireNode, value: unknown): ScalarOutcome {
  switch (node.type) {
    case "string":
      return typeof value === "string" ? checkString(node, value) : fail("expected string");
    case "integer":
      return typeof value === "number" ? checkInteger(node, value) : fail("expected number");
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? pass(value) : fail("expected number");
    case "boolean":
      return typeof value === "boolean" ? pass(value) : fail("expected boolean");
    default:
      return pass(value);
  }
}
