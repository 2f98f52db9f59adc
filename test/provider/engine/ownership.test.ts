import { describe, expect, it } from "vitest";
import { annotationPatch, ownershipAnnotations, ownershipConflict } from "../../../provider/engine/ownership";

const ownership = { workspace: "acme/tenant/prod", resourceAddress: "urn:pulumi:prod::tenant::x" };
const stamps = ownershipAnnotations(ownership, "1.2.3");
const liveStamps: Record<string, string> = stamps;

describe("ownership annotations", () => {
  it("stamps managed_by, the workspace, the address and the tool version", () => {
    expect(stamps).toEqual({
      managed_by: "pulumi",
      iac_workspace: "acme/tenant/prod",
      iac_resource_address: "urn:pulumi:prod::tenant::x",
      iac_tool_version: "pulumi-idgov/1.2.3",
    });
  });

  it.each([
    ["sends nothing when all match", { team: "iam" }, { ...liveStamps, team: "iam" }, ["team"], {}],
    [
      "ignores a new tool version alone",
      {},
      { ...liveStamps, iac_tool_version: "pulumi-idgov/0.0.1" },
      [],
      {},
    ],
    [
      "upserts a changed key alone when the tool version is the same",
      { team: "sec" },
      { ...liveStamps, team: "iam" },
      ["team"],
      { team: "sec" },
    ],
    [
      "upserts a changed key with a new tool version",
      { team: "sec" },
      { ...liveStamps, team: "iam", iac_tool_version: "pulumi-idgov/0.0.1" },
      ["team"],
      { team: "sec", iac_tool_version: "pulumi-idgov/1.2.3" },
    ],
    ["removes a dropped key with an empty value", {}, { ...liveStamps, team: "iam" }, ["team"], { team: "" }],
    ["leaves keys nobody here manages", {}, { ...liveStamps, owner: "someone" }, [], {}],
  ])("%s", (_label, user, live, previous, expected) => {
    expect(annotationPatch(user, stamps, live, previous).patch).toEqual(expected);
  });

  it.each([
    ["no annotations", undefined, undefined],
    ["our own stamps", liveStamps, undefined],
    ["another tool", { managed_by: "terraform" }, 'workspace (none), tool "terraform"'],
    [
      "another workspace",
      { ...liveStamps, iac_workspace: "acme/other/dev" },
      'workspace "acme/other/dev", tool "pulumi"',
    ],
    [
      "another resource",
      { ...liveStamps, iac_resource_address: "urn:y" },
      `workspace "${ownership.workspace}", tool "pulumi", resource "urn:y"`,
    ],
  ])("judges an object with %s", (_label, live, conflict) => {
    expect(ownershipConflict(live, ownership)).toBe(conflict);
  });
});
