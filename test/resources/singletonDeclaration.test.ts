import { describe, expect, it } from "vitest";
import { runMockedProgram } from "../../testkit/mockedProgram";

const TYPE = "pulumi-nodejs:dynamic/idgov:";

describe("a tenant-settings singleton declared in a program", () => {
  it("registers each singleton declared once, with its own type token", async () => {
    const run = await runMockedProgram([
      `new idgov.SsoSettings("sso", { enabled: true })`,
      `new idgov.XaaSettings("xaa", { enabled: true })`,
      `new idgov.SessionSettings("session", { maxSessionLength: "8h" })`,
    ]);
    expect(run.thrown).toEqual([]);
    expect(run.rejections).toEqual([]);
    expect(run.registered.map((r) => `${r.type}::${r.name}`)).toEqual([
      `${TYPE}SsoSettings::sso`,
      `${TYPE}XaaSettings::xaa`,
      `${TYPE}SessionSettings::session`,
    ]);
    expect(run.registered[2]?.inputs).toMatchObject({ maxSessionLength: "8h" });
    expect(run.registered[2]?.inputs).not.toHaveProperty("singletonCheck");
  });

  it("fails the program when declared twice, naming both declarations, and registers neither", async () => {
    const message =
      'SessionSettings is one per tenant, but this program declares it 2 times ("baseline", "hardened"): ' +
      "declare it once";
    const run = await runMockedProgram([
      `new idgov.SessionSettings("baseline", { maxSessionLength: "8h" })`,
      `new idgov.SsoSettings("sso", { enabled: true })`,
      `new idgov.SessionSettings("hardened", { maxSessionLength: "1h" })`,
    ]);
    expect(run.thrown).toEqual([message]);
    expect(run.rejections).toEqual([`error serializing property "singletonCheck": ${message}`]);
    expect(run.registered.map((r) => r.name)).toEqual(["sso"]);
  });
});
