import { z } from "zod";

/** The protobuf JSON duration text the service speaks: seconds with an `s` suffix, e.g. `"3600s"`, `"1.5s"`. */
export const DURATION_PATTERN = /^-?\d+(\.\d{1,9})?s$/;

/** Message of every duration check. */
export const DURATION_MESSAGE = 'must be a protobuf duration in seconds such as "3600s" or "1.5s"';

/**
 * A duration in protobuf JSON form (reference 1), within the protobuf range. Friendlier input is normalised by
 * {@link parseDuration}.
 */
export const durationString = z
  .string({ error: DURATION_MESSAGE })
  .regex(DURATION_PATTERN, { error: DURATION_MESSAGE })
  .superRefine((text, ctx) => {
    if (DURATION_PATTERN.test(text)) checkDuration(text, ctx);
  });

/** The largest duration protobuf carries: 10 000 years of 365.25 days, in seconds (`google.protobuf.Duration`). */
export const MAX_DURATION_SECONDS = 315_576_000_000;

const NANOS_PER_SECOND = 1_000_000_000n;
const MAX_DURATION_NANOS = BigInt(MAX_DURATION_SECONDS) * NANOS_PER_SECOND;
const UNIT_NANOS: Readonly<Record<string, bigint>> = {
  d: 86_400n * NANOS_PER_SECOND,
  h: 3_600n * NANOS_PER_SECOND,
  m: 60n * NANOS_PER_SECOND,
  s: NANOS_PER_SECOND,
  ms: 1_000_000n,
};
const FRIENDLY_DURATION = /^(?:\d+(?:\.\d+)?|\.\d+)(?:ms|[dhms])(?:(?:\d+(?:\.\d+)?|\.\d+)(?:ms|[dhms]))*$/;
const COMPONENT = /(\d*)(?:\.(\d+))?(ms|[dhms])/g;

/** A duration read exactly, or why it cannot be one. */
type DurationReading = { nanos: bigint } | { problem: string };

/**
 * Reads a duration exactly, in nanoseconds: one or more `<number><unit>` parts (units `d`, `h`, `m`, `s`, `ms`),
 * optionally preceded by `-`. Refuses text that is not such a duration, a precision below a nanosecond (rather than
 * rounding it away), and a magnitude beyond the protobuf range (±{@link MAX_DURATION_SECONDS} seconds).
 */
function readDuration(text: string): DurationReading {
  const trimmed = text.trim();
  const negative = trimmed.startsWith("-");
  const body = negative ? trimmed.slice(1) : trimmed;
  if (!FRIENDLY_DURATION.test(body)) return { problem: FRIENDLY_DURATION_MESSAGE };
  let nanos = 0n;
  for (const [, whole = "", fraction = "", unit = "s"] of body.matchAll(COMPONENT)) {
    const scale = 10n ** BigInt(fraction.length);
    const scaled = BigInt(whole || "0") * scale + BigInt(fraction || "0");
    const unitNanos = UNIT_NANOS[unit] as bigint;
    if ((scaled * unitNanos) % scale !== 0n) {
      return { problem: `is more precise than a nanosecond (got ${JSON.stringify(text)})` };
    }
    nanos += (scaled * unitNanos) / scale;
  }
  if (nanos > MAX_DURATION_NANOS) {
    return {
      problem: `must be within the protobuf duration range of ±${MAX_DURATION_SECONDS}s`,
    };
  }
  return { nanos: negative ? -nanos : nanos };
}

/** Why `text` is not a duration this package can send, or undefined when it is one. */
export function durationProblem(text: string): string | undefined {
  const reading = readDuration(text);
  return "problem" in reading ? reading.problem : undefined;
}

/**
 * Reads a duration written by a person or by the service and returns it in seconds.
 *
 * Accepts one or more `<number><unit>` parts with units `d`, `h`, `m`, `s`, `ms`, optionally
 * preceded by `-`: `"1h"`, `"90m"`, `"1h30m"`, `"45s"`, `"1.5s"`, `"3600s"`, `"2d"`.
 * Returns `undefined` for anything else (including a bare number, whose unit would be a guess), for a precision below
 * a nanosecond and for a duration beyond the protobuf range.
 */
export function parseDuration(text: string): number | undefined {
  const reading = readDuration(text);
  if ("problem" in reading) return undefined;
  const seconds = Number(reading.nanos) / 1e9;
  return seconds === 0 ? 0 : seconds;
}

/** Canonical protobuf text of a whole number of nanoseconds: `"3600s"`, `"1.5s"`, never an exponent. */
function canonicalFromNanos(nanos: bigint): string {
  const magnitude = nanos < 0n ? -nanos : nanos;
  const whole = magnitude / NANOS_PER_SECOND;
  const fraction = magnitude % NANOS_PER_SECOND;
  const fractionText = fraction === 0n ? "" : `.${String(fraction).padStart(9, "0").replace(/0+$/, "")}`;
  return `${nanos < 0n ? "-" : ""}${whole}${fractionText}s`;
}

/**
 * Writes seconds in the protobuf canonical duration form the service answers with:
 * whole seconds without a fraction (`"3600s"`), otherwise the fraction to nanosecond precision
 * with trailing zeros trimmed (`"1.5s"`).
 *
 * @throws RangeError when `seconds` is not a finite number or lies beyond the protobuf range.
 */
export function canonicalDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || Math.abs(seconds) > MAX_DURATION_SECONDS) {
    throw new RangeError(`cannot write ${seconds} as a duration`);
  }
  const magnitude = Math.abs(seconds);
  const whole = Math.trunc(magnitude);
  const nanos = BigInt(whole) * NANOS_PER_SECOND + BigInt(Math.round((magnitude - whole) * 1e9));
  return canonicalFromNanos(seconds < 0 ? -nanos : nanos);
}

/** Message of every check of a duration a person writes. */
export const FRIENDLY_DURATION_MESSAGE = 'must be a duration such as "90m", "1h30m", "2d" or "3600s"';

function checkDuration(text: string, ctx: z.RefinementCtx): void {
  const reading = readDuration(text);
  if ("problem" in reading) ctx.addIssue({ code: "custom", message: reading.problem });
}

/**
 * A duration as a program writes it: any form {@link parseDuration} reads (`"1h"`, `"90m"`, `"3600s"`), within the
 * protobuf range, to at most nanosecond precision. Clients put it in protobuf form before sending it.
 */
export const friendlyDurationString = z
  .string({ error: FRIENDLY_DURATION_MESSAGE })
  .superRefine((text, ctx) => checkDuration(text, ctx));

/** Message of the check of a lifetime that is zero or negative. */
export const LIFETIME_MESSAGE =
  'must be a positive duration such as "90m" or "12h" (a lifetime is longer than zero)';

/** A lifetime (how long an assertion, grant, token or session lasts): a {@link friendlyDurationString} above zero. */
export const lifetimeString = friendlyDurationString.refine((text) => (parseDuration(text) ?? 1) > 0, {
  error: LIFETIME_MESSAGE,
});

/**
 * {@link parseDuration} then {@link canonicalDuration}, exactly (no rounding): `"1h30m"` → `"5400s"`; `undefined` when
 * the text is not a duration this package can send.
 */
export function normalizeDuration(text: string): string | undefined {
  const reading = readDuration(text);
  return "problem" in reading ? undefined : canonicalFromNanos(reading.nanos);
}
