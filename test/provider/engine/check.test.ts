import { describe, expect, it } from "vitest";
import { checkInputs } from "../../../provider/engine/check";
import { UNKNOWN } from "../../../provider/engine/unknowns";
import { kindNamed } from "../../../provider/kinds";

const ref = { appId: "app-github", id: "ent-github-org-member" };

describe("checkInputs during a preview, with values not known yet", () => {
  it.each([
    [
      "RequestCatalog",
      "an entitlement whose app id comes from another resource",
      {
        displayName: "Kit",
        accessEntitlements: [{ appId: UNKNOWN, id: "ent-github-org-member" }],
      },
    ],
    [
      "RequestCatalog",
      "a whole entitlement not known yet",
      {
        displayName: "Kit",
        accessEntitlements: [UNKNOWN, ref],
      },
    ],
    ["RequestCatalog", "a display name not known yet", { displayName: UNKNOWN }],
    [
      "Automation",
      "a step whose kind member is not known yet",
      {
        displayName: "Welcome",
        automationSteps: [{ stepName: "welcome", sendEmail: UNKNOWN }],
      },
    ],
  ])("%s accepts %s", (kind, _case, inputs) => {
    expect(checkInputs(kindNamed(kind), inputs, "c1/").failures).toEqual([]);
  });

  it.each([
    [
      "a wrong type next to an unknown",
      {
        displayName: "Kit",
        accessEntitlements: [{ appId: UNKNOWN, id: 5 }],
      },
      [{ property: "accessEntitlements[0].id", reason: "Invalid input: expected string, received number" }],
    ],
    [
      "a wrong type after an unknown item, at its place in the program",
      {
        displayName: "Kit",
        accessEntitlements: [UNKNOWN, { appId: "app-aws", id: 5 }],
      },
      [{ property: "accessEntitlements[1].id", reason: "Invalid input: expected string, received number" }],
    ],
    [
      "an unknown field next to an unknown value",
      {
        displayName: UNKNOWN,
        colour: "blue",
      },
      [{ property: "colour", reason: "is not a known field" }],
    ],
  ])("still reports %s", (_case, inputs, failures) => {
    expect(checkInputs(kindNamed("RequestCatalog"), inputs, "c1/").failures).toEqual(failures);
  });
});
