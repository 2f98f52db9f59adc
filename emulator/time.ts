/** RFC 3339 UTC text of an instant, without a fraction when the milliseconds are zero. */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace(".000Z", "Z");
}

let lastIssued = 0;

/**
 * The current instant as RFC 3339 UTC text, strictly later than the one issued before it in this process: the
 * service's timestamps are finer than a millisecond, so objects made in one millisecond still list in creation order.
 */
export function nowTimestamp(): string {
  lastIssued = Math.max(Date.now(), lastIssued + 1);
  return formatTimestamp(new Date(lastIssued));
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** Parses RFC 3339 text into its canonical UTC form, or undefined when it is not RFC 3339. */
export function canonicalTimestamp(text: string): string | undefined {
  if (!RFC3339.test(text)) return undefined;
  const date = new Date(text.toUpperCase());
  return Number.isNaN(date.getTime()) ? undefined : formatTimestamp(date);
}

const DURATION = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/;

/** Shape of protobuf-JSON duration text: seconds with an `s` suffix, fraction optional (`"3600s"`, `"1.5s"`). */
export const DURATION_TEXT = DURATION;
const MAX_DURATION_SECONDS = 315_576_000_000n;

/**
 * Canonical protobuf-JSON text of a duration (`"3600s"`, `"1.5s"`), or undefined when the text
 * is not a protobuf-JSON duration or lies outside the protobuf range (±315,576,000,000 s).
 */
export function canonicalDurationText(text: string): string | undefined {
  const match = DURATION.exec(text);
  if (match === null) return undefined;
  const seconds = BigInt(match[2] ?? "0");
  const fraction = (match[3] ?? "").replace(/0+$/, "");
  if (seconds > MAX_DURATION_SECONDS || (seconds === MAX_DURATION_SECONDS && fraction !== ""))
    return undefined;
  const negative = match[1] === "-" && (seconds !== 0n || fraction !== "");
  return `${negative ? "-" : ""}${seconds.toString()}${fraction === "" ? "" : `.${fraction}`}s`;
}

/** Seconds of a canonical duration text, as a number. */
export function durationSeconds(text: string): number {
  return Number(text.slice(0, -1));
}
