import { describe, expect, it } from "vitest";
import { checkInputs } from "../../../provider/engine";
import { appKind } from "../../../provider/kinds/app";

const ownership = {
  workspace: "acme/identity/prod",
  resourceAddress: "urn:pulumi:prod::identity::pulumi-nodejs:dynamic/idgov:App::payroll",
};

describe("check of annotations that are not all strings", () => {
  it.each([
    [{ team: 5 }, [["annotations.team", "Invalid input: expected string, received number"]]],
    [{ team: null }, [["annotations.team", "Invalid input: expected string, received null"]]],
    [
      { team: ["a"], "bad key": "v" },
      [
        ["annotations.team", "Invalid input: expected string, received array"],
        ["annotations.bad key", 'annotation key "bad key" does not match ^[A-Za-z][A-Za-z0-9._/-]{0,127}$'],
      ],
    ],
  ])("reports %j as failures naming each annotation", (annotations, failures) => {
    const result = checkInputs(appKind, { displayName: "Payroll", annotations }, "c1/", { ownership });
    expect(result.failures.map((failure) => [failure.property, failure.reason])).toEqual(failures);
  });
});

describe("check of too many annotations", () => {
  it("counts the program's own keys and says four are stamped", () => {
    const annotations = Object.fromEntries(Array.from({ length: 13 }, (_, index) => [`tag${index}`, "v"]));
    const result = checkInputs(appKind, { displayName: "Payroll", annotations }, "c1/", { ownership });
    expect(result.failures).toEqual([
      {
        property: "annotations",
        reason:
          "the program sets 13 annotations; at most 12 are allowed, because an object holds at most 16 and " +
          "pulumi-idgov stamps 4 (managed_by, iac_workspace, iac_resource_address, iac_tool_version)",
      },
    ]);
  });

  it("lets the program set twelve of its own", () => {
    const annotations = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`tag${index}`, "v"]));
    expect(
      checkInputs(appKind, { displayName: "Payroll", annotations }, "c1/", { ownership }).failures,
    ).toEqual([]);
  });
});
