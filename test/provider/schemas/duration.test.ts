import { describe, expect, it } from "vitest";
import {
  DURATION_MESSAGE,
  FRIENDLY_DURATION_MESSAGE,
  canonicalDuration,
  durationString,
  friendlyDurationString,
  LIFETIME_MESSAGE,
  lifetimeString,
  normalizeDuration,
  parseDuration,
} from "../../../provider/schemas";
import { checkInputs } from "../../../provider/engine/check";
import { kindNamed } from "../../../provider/kinds";

describe("parseDuration", () => {
  it.each([
    ["1h", 3600],
    ["90m", 5400],
    ["1h30m", 5400],
    ["45s", 45],
    ["1.5s", 1.5],
    ["3600s", 3600],
    ["2d", 172_800],
    ["1d2h3m4s", 93_784],
    ["500ms", 0.5],
    ["1m30.5s", 90.5],
    [".5s", 0.5],
    ["0s", 0],
    ["-1.5s", -1.5],
    ["-0s", 0],
    ["  1h  ", 3600],
    ["0.000000001s", 1e-9],
  ])("reads %j as %d seconds", (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each([
    "",
    "1",
    "h",
    "1x",
    "1h 30m",
    "1.s",
    "1.5.5s",
    "--1s",
    "s",
    "1hh",
    "1H",
    "+1h",
    "one hour",
    "PT1H",
  ])("answers undefined for %j", (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe("canonicalDuration", () => {
  it.each([
    [3600, "3600s"],
    [1.5, "1.5s"],
    [0, "0s"],
    [-0, "0s"],
    [1e-9, "0.000000001s"],
    [1.1, "1.1s"],
    [0.1 + 0.2, "0.3s"],
    [-1.5, "-1.5s"],
    [31_536_000, "31536000s"],
    [1.9999999999, "2s"],
    [2.000000001, "2.000000001s"],
    [0.25, "0.25s"],
  ])("writes %d seconds as %j", (seconds, text) => {
    expect(canonicalDuration(seconds)).toBe(text);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    "throws a RangeError for %d",
    (seconds) => {
      expect(() => canonicalDuration(seconds)).toThrow(RangeError);
    },
  );
});

describe("normalizeDuration", () => {
  it.each([
    ["1h", "3600s"],
    ["1h30m", "5400s"],
    ["1.50s", "1.5s"],
    ["3600s", "3600s"],
    ["2d", "172800s"],
    ["bogus", undefined],
  ])("normalizes %j to %j", (text, canonical) => {
    expect(normalizeDuration(text)).toBe(canonical);
  });
});

describe("durationString", () => {
  it.each(["3600s", "1.5s", "0s", "-2s", "0.000000001s"])("accepts %j", (text) => {
    expect(durationString.safeParse(text).success).toBe(true);
  });

  it.each(["1h", "3600", "1.5", "1.0000000001s", " 1s", "s", "1.s", 3600])(
    "rejects %j with the duration message",
    (value) => {
      const result = durationString.safeParse(value);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([DURATION_MESSAGE]);
    },
  );
});

describe("friendlyDurationString", () => {
  it.each(["1h", "90m", "3600s", "1h30m", "2d", "1.5s"])("accepts %j", (text) => {
    expect(friendlyDurationString.safeParse(text).success).toBe(true);
  });

  it.each(["3600", "an hour", "1y", "", 3600])("rejects %j with the friendly duration message", (value) => {
    const result = friendlyDurationString.safeParse(value);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([FRIENDLY_DURATION_MESSAGE]);
  });
});

describe("durations beyond the protobuf range or precision", () => {
  it.each([
    ["99999999999999999999d", "must be within the protobuf duration range of ±315576000000s"],
    ["3652501d", "must be within the protobuf duration range of ±315576000000s"],
    ["315576000001s", "must be within the protobuf duration range of ±315576000000s"],
    ["-3652501d", "must be within the protobuf duration range of ±315576000000s"],
    ["0.0000000001s", "is more precise than a nanosecond"],
    ["0.0000001ms", "is more precise than a nanosecond"],
    ["1.0000000001s", "is more precise than a nanosecond"],
  ])("refuses %j: %s", (text, reason) => {
    const result = friendlyDurationString.safeParse(text);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([expect.stringContaining(reason)]);
    expect(normalizeDuration(text)).toBeUndefined();
    expect(parseDuration(text)).toBeUndefined();
  });

  it.each([
    ["3652500d", "315576000000s"],
    ["315575999999.999999999s", "315575999999.999999999s"],
    ["0.000001ms", "0.000000001s"],
    ["1.5d", "129600s"],
    ["-1s", "-1s"],
  ])("writes %j exactly, without an exponent, as %j", (text, canonical) => {
    expect(friendlyDurationString.safeParse(text).success).toBe(true);
    expect(normalizeDuration(text)).toBe(canonical);
  });

  it("refuses a wire duration beyond the range", () => {
    expect(durationString.safeParse("315576000001s").success).toBe(false);
    expect(durationString.safeParse("315576000000s").success).toBe(true);
  });

  it.each(["0s", "-1s", "-0.5h"])("refuses the lifetime %j, which must be longer than zero", (text) => {
    const result = lifetimeString.safeParse(text);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([LIFETIME_MESSAGE]);
  });

  it.each([
    ["SsoSettings", "defaultAssertionLifetime", "-1s"],
    ["XaaSettings", "xaaIdTokenLifetime", "0s"],
    ["SessionSettings", "maxSessionLength", "99999999999999999999d"],
    ["SsoSettings", "defaultAssertionLifetime", "0.0000000001s"],
  ])("check of %s refuses %s %j before any request", (kind, field, value) => {
    const { failures } = checkInputs(kindNamed(kind), { [field]: value }, "c1/");
    expect(failures).toEqual([
      { property: field, reason: expect.stringMatching(/^(must be a positive|must be within|is )/) },
    ]);
  });
});
