import { describe, expect, it } from "vitest";
import { checkInputs } from "../../../provider/engine";
import { appKind } from "../../../resources/App";

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
    const result = checkInputs(appKind, { displayName: "Payroll", annotations, ownership }, "c1/");
    expect(result.failures.map((failure) => [failure.property, failure.reason])).toEqual(failures);
  });
});
