import { describe, expect, it } from "vitest";
import { runMockedProgram } from "../../testkit/mockedProgram";
import { OWNERSHIP_INPUT } from "../../resources/dynamic/ownershipInput";

const workspace = "organization/idgov-test/dev";

describe("the ownership a resource class hands the provider", () => {
  it("is the resource's URN, as plain inputs without a parent and once the parent's URN is known with one", async () => {
    const run = await runMockedProgram([
      `new idgov.App("top", { displayName: "Top" })`,
      `const group = new pulumi.ComponentResource("acme:index:Group", "group");
       new idgov.App("inner", { displayName: "Inner" }, { parent: group })`,
    ]);
    expect(run.thrown).toEqual([]);
    const ownership = (name: string) =>
      run.registered.find((resource) => resource.name === name)?.inputs[OWNERSHIP_INPUT];
    expect(ownership("top")).toEqual({
      workspace,
      resourceAddress: "urn:pulumi:dev::idgov-test::pulumi-nodejs:dynamic/idgov:App::top",
    });
    expect(ownership("inner")).toEqual({
      workspace,
      resourceAddress: "urn:pulumi:dev::idgov-test::acme:index:Group$pulumi-nodejs:dynamic/idgov:App::inner",
    });
  });
});
