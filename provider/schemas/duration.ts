import { z } from "zod";

/** The protobuf JSON duration text the service speaks: seconds with an `s` suffix, e.g. `"3600s"`, `"1.5s"`. */
export const DURATION_PATTERN = /^-?\d+(\.\d{1,9})?s$/;

/** Message of every duration check. */
export const DURATION_MESSAGE = 'must be a protobuf duration in seconds such as "3600s" or "1.5s"';

/** A duration in protobuf JSON form (reference 1). Friendlier input is normalised by {@link parseDuration}. */
export const durationString = z
  .string({ error: DURATION_MESSAGE })
  .regex(DURATION_PATTERN, { error: DURATION_MESSAGE });

const UNIT_SECONDS: Readonly<Record<string, number>> = { d: 86_400, h: 3_600, m: 60, s: 1, ms: 0.001 };
const FRIENDLY_DURATION = /^(?:\d+(?:\.\d+)?|\.\d+)(?:ms|[dhms])(?:(?:\d+(?:\.\d+)?|\.\d+)(?:ms|[dhms]))*$/;
const COMPONENT = /(\d+(?:\.\d+)?|\.\d+)(ms|[dhms])/g;

/**
 * Reads a duration written by a person or by the service and returns it in seconds.
 *
 * Accepts one or more `<number><unit>` parts with units `d`, `h`, `m`, `s`, `ms`, optionally
 * preceded by `-`: `"1h"`, `"90m"`, `"1h30m"`, `"45s"`, `"1.5s"`, `"3600s"`, `"2d"`.
 * Returns `undefined` for anything else (including a bare number, whose unit would be a guess).
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  const negative = trimmed.startsWith("-");
  const body = negative ? trimmed.slice(1) : trimmed;
  if (!FRIENDLY_DURATION.test(body)) return undefined;
  let seconds = 0;
  for (const [, amount, unit] of body.matchAll(COMPONENT)) {
    seconds += Number(amount) * (UNIT_SECONDS[unit ?? ""] ?? Number.NaN);
  }
  if (!Number.isFinite(seconds)) return undefined;
  return negative && seconds !== 0 ? -seconds : seconds;
}

/**
 * Writes seconds in the protobuf canonical duration form the service answers with:
 * whole seconds without a fraction (`"3600s"`), otherwise the fraction to nanosecond precision
 * with trailing zeros trimmed (`"1.5s"`).
 *
 * @throws RangeError when `seconds` is not a finite number.
 */
export function canonicalDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) throw new RangeError(`cannot write ${seconds} as a duration`);
  const magnitude = Math.abs(seconds);
  let whole = Math.trunc(magnitude);
  let nanos = Math.round((magnitude - whole) * 1e9);
  if (nanos === 1e9) {
    whole += 1;
    nanos = 0;
  }
  const sign = seconds < 0 && (whole > 0 || nanos > 0) ? "-" : "";
  const fraction = nanos === 0 ? "" : `.${String(nanos).padStart(9, "0").replace(/0+$/, "")}`;
  return `${sign}${whole}${fraction}s`;
}

/** Message of every check of a duration a person writes. */
export const FRIENDLY_DURATION_MESSAGE = 'must be a duration such as "90m", "1h30m", "2d" or "3600s"';

/**
 * A duration as a program writes it: any form {@link parseDuration} reads (`"1h"`, `"90m"`, `"3600s"`). Clients put
 * it in protobuf form before sending it.
 */
export const friendlyDurationString = z
  .string({ error: FRIENDLY_DURATION_MESSAGE })
  .refine((text) => parseDuration(text) !== undefined, { error: FRIENDLY_DURATION_MESSAGE });

/** Message of the check of a lifetime that is zero or negative. */
export const LIFETIME_MESSAGE =
  'must be a positive duration such as "90m" or "12h" (a lifetime is longer than zero)';

/** A lifetime (how long an assertion, grant, token or session lasts): a {@link friendlyDurationString} above zero. */
export const lifetimeString = friendlyDurationString.refine((text) => (parseDuration(text) ?? 1) > 0, {
  error: LIFETIME_MESSAGE,
});

/** {@link parseDuration} then {@link canonicalDuration}: `"1h30m"` → `"5400s"`; `undefined` when unreadable. */
export function normalizeDuration(text: string): string | undefined {
  const seconds = parseDuration(text);
  return seconds === undefined ? undefined : canonicalDuration(seconds);
}
