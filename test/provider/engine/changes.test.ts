import { describe, expect, it } from "vitest";
import { computeChanges, managedPaths } from "../../../provider/engine/changes";
import { duration, message, scalar, set } from "../../../provider/engine/fields";
import { buildMaskedPatch, maskToWire } from "../../../provider/engine/mask";

const fields = {
  displayName: scalar,
  description: scalar,
  appId: { type: "scalar", immutable: true } as const,
  maxSessionLength: duration,
  ssoAdminSource: message({ enabled: scalar, sourceCidr: set }),
};

describe("update masks", () => {
  it.each([
    ["nothing changed", { displayName: "A" }, { displayName: "A", updatedAt: "t" }, [], []],
    ["one field changed", { displayName: "B" }, { displayName: "A" }, [], ["displayName"]],
    [
      "a field the program stopped setting",
      { displayName: "A" },
      { displayName: "A", description: "d" },
      ["description"],
      ["description"],
    ],
    ["a dropped field already unset", { displayName: "A" }, { displayName: "A" }, ["description"], []],
    ["a duration in another form", { maxSessionLength: "1h" }, { maxSessionLength: "3600s" }, [], []],
    [
      "a duration changed",
      { maxSessionLength: "2h" },
      { maxSessionLength: "3600s" },
      [],
      ["maxSessionLength"],
    ],
    [
      "one subfield of a message",
      { ssoAdminSource: { enabled: true, sourceCidr: ["10.0.0.0/8"] } },
      { ssoAdminSource: { enabled: true, sourceCidr: ["10.0.0.0/8", "192.168.0.0/16"] } },
      [],
      ["ssoAdminSource.sourceCidr"],
    ],
    [
      "a set in another order",
      { ssoAdminSource: { sourceCidr: ["b/1", "a/1"] } },
      { ssoAdminSource: { sourceCidr: ["a/1", "b/1"], enabled: true } },
      [],
      [],
    ],
    ["false against absent", { description: "" }, {}, [], []],
  ])("names exactly the changed paths when %s", (_label, desired, live, previous, expected) => {
    expect(computeChanges(fields, desired, live, previous).paths).toEqual(expected);
  });

  it("plans a replace when an immutable field changes", () => {
    expect(computeChanges(fields, { appId: "b" }, { appId: "a" }).replaces).toEqual(["appId"]);
  });

  it("manages each subfield a program sets, and no other", () => {
    expect(managedPaths(fields, { displayName: "A", ssoAdminSource: { enabled: false } })).toEqual([
      "displayName",
      "ssoAdminSource.enabled",
    ]);
  });

  it("sends changed values and leaves cleared fields out of the entity", () => {
    const patch = buildMaskedPatch({ displayName: "B", ssoAdminSource: { enabled: true } }, [
      "displayName",
      "description",
      "ssoAdminSource.enabled",
    ]);
    expect(patch.entity).toEqual({ displayName: "B", ssoAdminSource: { enabled: true } });
    expect(maskToWire(patch.mask)).toBe("displayName,description,ssoAdminSource.enabled");
  });
});
