import { describe, expect, it } from "vitest";
import {
  CIRCUIT_BREAKER_PERIODS,
  INT64_MESSAGE,
  STEP_KINDS,
  TIMESTAMP_MESSAGE,
  TRIGGER_TYPES,
  int64String,
  openEnum,
  requestEnum,
  UNLISTED_MEMBER,
  timestamp,
  uint32,
} from "../../../provider/schemas";

describe("int64String", () => {
  it.each(["0", "42", "9223372036854775807", "007"])("accepts %j", (value) => {
    expect(int64String.parse(value)).toBe(value);
  });

  it.each([42, "4.2", "-", "", "1e3", " 1", "0x10", null])("rejects %j with the int64 message", (value) => {
    expect(int64String.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([INT64_MESSAGE]);
  });

  it("says what an int64 must be", () => {
    expect(INT64_MESSAGE).toBe("must be a string of decimal digits (int64)");
  });
});

describe("timestamp", () => {
  it.each(["2026-11-21T14:00:00Z", "2026-11-21T14:00:00.123456789Z", "2026-11-21T14:00:00+02:00"])(
    "accepts %j",
    (text) => {
      expect(timestamp.parse(text)).toBe(text);
    },
  );

  it.each(["2026-11-21", "2026-11-21 14:00:00Z", "2026-11-21T14:00:00", "yesterday", 1_700_000_000])(
    "rejects %j with the timestamp message",
    (value) => {
      expect(timestamp.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([
        TIMESTAMP_MESSAGE,
      ]);
    },
  );
});

describe("uint32", () => {
  it.each([0, 1, 4_294_967_295])("accepts %d", (value) => {
    expect(uint32.parse(value)).toBe(value);
  });

  it.each([
    [-1, "must be 0 or more (uint32)"],
    [4_294_967_296, "must be at most 4294967295 (uint32)"],
    [1.5, "must be a whole number (uint32)"],
    ["5", "must be a number (uint32)"],
  ])("rejects %j: %s", (value, message) => {
    expect(uint32.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe("openEnum", () => {
  const period = openEnum(CIRCUIT_BREAKER_PERIODS);

  it.each(["CIRCUIT_BREAKER_PERIOD_DAY", "CIRCUIT_BREAKER_PERIOD_FORTNIGHT", "lowercase-too"])(
    "accepts and keeps %j",
    (value) => {
      expect(period.parse(value)).toBe(value);
    },
  );

  it("rejects a value that is not a string", () => {
    expect(period.safeParse(3).error?.issues.map((issue) => issue.message)).toEqual([
      "must be a string (enumeration value)",
    ]);
  });

  it("documents the known members in its description", () => {
    expect(period.description).toBe(`one of ${CIRCUIT_BREAKER_PERIODS.join(", ")}`);
  });
});

describe("requestEnum", () => {
  const period = requestEnum(CIRCUIT_BREAKER_PERIODS);

  it.each(["CIRCUIT_BREAKER_PERIOD_DAY", "CIRCUIT_BREAKER_PERIOD_UNSPECIFIED"])(
    "accepts and keeps the listed member %j",
    (value) => {
      expect(period.parse(value)).toBe(value);
    },
  );

  it("refuses a well-formed member it does not list, naming the listed ones and the way to send it anyway", () => {
    const issues = period.safeParse("CIRCUIT_BREAKER_PERIOD_FORTNIGHT").error?.issues ?? [];
    expect(issues.map((issue) => [issue.message, issue.code === "custom" && issue.params])).toEqual([
      [
        "must be one of CIRCUIT_BREAKER_PERIOD_UNSPECIFIED, CIRCUIT_BREAKER_PERIOD_HOUR, CIRCUIT_BREAKER_PERIOD_DAY, " +
          'CIRCUIT_BREAKER_PERIOD_WEEK, CIRCUIT_BREAKER_PERIOD_MONTH (got "CIRCUIT_BREAKER_PERIOD_FORTNIGHT"); to send ' +
          'a member pulumi-idgov does not list yet, write unlisted("CIRCUIT_BREAKER_PERIOD_FORTNIGHT") and set ' +
          "idgov:allowUnlistedMembers to true",
        { [UNLISTED_MEMBER]: true },
      ],
    ]);
  });

  it.each([
    ["HOUR", 'must be an enumeration value starting with CIRCUIT_BREAKER_PERIOD_ (got "HOUR")'],
    [
      "TRIGGER_TYPE_WEBHOOK",
      'must be an enumeration value starting with CIRCUIT_BREAKER_PERIOD_ (got "TRIGGER_TYPE_WEBHOOK")',
    ],
    [
      "CIRCUIT_BREAKER_PERIOD_",
      'must be an enumeration value starting with CIRCUIT_BREAKER_PERIOD_ (got "CIRCUIT_BREAKER_PERIOD_")',
    ],
    [
      "circuit_breaker_period_day",
      'must be an enumeration value starting with CIRCUIT_BREAKER_PERIOD_ (got "circuit_breaker_period_day")',
    ],
    [3, "must be a string (enumeration value)"],
  ])("rejects %j before it is sent", (value, message) => {
    expect(period.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it("holds an enumeration without a zero member to its members, with no prefix rule", () => {
    const status = requestEnum(["UNKNOWN", "ENABLED"]);
    expect(status.parse("ENABLED")).toBe("ENABLED");
    expect(status.safeParse("ACTIVE").error?.issues[0]?.message).toMatch(
      /^must be one of UNKNOWN, ENABLED \(got "ACTIVE"\)/,
    );
  });
});

describe("known member lists", () => {
  it("lists the 14 trigger types, all prefixed TRIGGER_TYPE_", () => {
    expect(TRIGGER_TYPES).toHaveLength(14);
    expect(TRIGGER_TYPES.every((type) => type.startsWith("TRIGGER_TYPE_"))).toBe(true);
  });

  it("lists the five circuit-breaker periods", () => {
    expect(CIRCUIT_BREAKER_PERIODS).toEqual([
      "CIRCUIT_BREAKER_PERIOD_UNSPECIFIED",
      "CIRCUIT_BREAKER_PERIOD_HOUR",
      "CIRCUIT_BREAKER_PERIOD_DAY",
      "CIRCUIT_BREAKER_PERIOD_WEEK",
      "CIRCUIT_BREAKER_PERIOD_MONTH",
    ]);
  });

  it("lists the 21 distinct step kinds", () => {
    expect(new Set(STEP_KINDS).size).toBe(21);
  });
});
