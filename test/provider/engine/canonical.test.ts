import { describe, expect, it } from "vitest";
import { canonicalValue, sameCanonical } from "../../../provider/engine/canonical";
import {
  duration,
  int64,
  json,
  list,
  listOf,
  map,
  message,
  scalar,
  set,
  setOf,
  timestamp,
} from "../../../provider/engine/fields";
import { UNKNOWN } from "../../../provider/engine/unknowns";

describe("canonical form", () => {
  it.each([
    ["an empty string", scalar, ""],
    ["zero", scalar, 0],
    ["false", scalar, false],
    ["null", scalar, null],
    ["an enum zero member", scalar, "CIRCUIT_BREAKER_PERIOD_UNSPECIFIED"],
    ["an empty list", set, []],
    ["an empty map", map, {}],
    ["zero seconds", duration, "0s"],
    ["the int64 zero", int64, "0"],
    [
      "a message of unset fields",
      message({ enabled: scalar, sourceCidr: set }),
      { enabled: false, sourceCidr: [] },
    ],
  ])("treats %s as unset", (_label, spec, value) => {
    expect(canonicalValue(value, spec)).toBeUndefined();
  });

  it.each([
    ["1h", "3600s"],
    ["60m", "3600s"],
    ["3600s", "3600s"],
    ["1.5s", "1.5s"],
    ["1h30m", "5400s"],
  ])("reads the duration %s as %s", (text, canonical) => {
    expect(canonicalValue(text, duration)).toBe(canonical);
  });

  it.each([
    [42, "42"],
    ["042", "42"],
    ["9007199254740993", "9007199254740993"],
  ])("reads the int64 %j as %s", (value, canonical) => {
    expect(canonicalValue(value, int64)).toBe(canonical);
  });

  it.each([
    ["2027-03-01T10:00:00+02:00", "2027-03-01T08:00:00Z"],
    ["2027-03-01T08:00:00Z", "2027-03-01T08:00:00Z"],
    ["2027-03-01T08:00:00.000Z", "2027-03-01T08:00:00Z"],
    ["2027-03-01T08:00:00.250Z", "2027-03-01T08:00:00.250Z"],
    ["not a timestamp", "not a timestamp"],
  ])("reads the timestamp %s as %s", (text, canonical) => {
    expect(canonicalValue(text, timestamp)).toBe(canonical);
  });

  it("compares sets without regard to order or duplicates", () => {
    const a = canonicalValue(["10.0.0.0/8", "192.168.0.0/16", "10.0.0.0/8"], set);
    const b = canonicalValue(["192.168.0.0/16", "10.0.0.0/8"], set);
    expect(sameCanonical(a, b)).toBe(true);
  });

  it("compares sets of objects on their declared fields only", () => {
    const spec = setOf({ appId: scalar, id: scalar });
    const declared = canonicalValue([{ appId: "a", id: "1" }], spec);
    const live = canonicalValue([{ id: "1", appId: "a", displayName: "Admins", grantCount: "3" }], spec);
    expect(sameCanonical(declared, live)).toBe(true);
  });

  it("compares list items on their declared fields, keeping order", () => {
    const spec = listOf({ appUserKeyCel: scalar, userKeyCel: scalar });
    const declared = canonicalValue([{ appUserKeyCel: "a", userKeyCel: "b" }], spec);
    const live = canonicalValue([{ appUserKeyCel: "a", userKeyCel: "b", appId: "x", caseIndex: 0 }], spec);
    const swapped = canonicalValue(
      [
        { appUserKeyCel: "c", userKeyCel: "d" },
        { appUserKeyCel: "a", userKeyCel: "b" },
      ],
      spec,
    );
    expect(sameCanonical(declared, live)).toBe(true);
    expect(sameCanonical(declared, swapped)).toBe(false);
  });

  it("compares opaque objects independently of key order and proto3 defaults", () => {
    const a = canonicalValue({ sendEmail: { to: ["a@x"], subject: "hi", cc: [] } }, json);
    const b = canonicalValue({ sendEmail: { subject: "hi", to: ["a@x"] } }, json);
    expect(sameCanonical(a, b)).toBe(true);
  });

  it("tells apart opaque list items that set different empty oneof members", () => {
    const before = canonicalValue([{ stepName: "a", removeFromDelegation: {} }], list);
    const after = canonicalValue([{ stepName: "a", unenrollFromAllAccessProfiles: {} }], list);
    const reordered = canonicalValue([{ removeFromDelegation: { note: "" }, stepName: "a" }], list);
    expect(sameCanonical(before, after)).toBe(false);
    expect(sameCanonical(before, reordered)).toBe(true);
  });

  it("never finds an unknown value equal to anything", () => {
    expect(sameCanonical(canonicalValue(UNKNOWN, scalar), canonicalValue(UNKNOWN, scalar))).toBe(false);
  });
});
