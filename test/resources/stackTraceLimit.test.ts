import * as pulumi from "@pulumi/pulumi";
import { afterEach, describe, expect, it } from "vitest";
import * as idgov from "../../resources";

function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

describe("constructing a resource without the SDK's stack trace per output", () => {
  const limit = Error.stackTraceLimit;
  afterEach(() => {
    Error.stackTraceLimit = limit;
  });

  it("gives the program back its stack trace limit, so its own errors keep their stacks", async () => {
    await pulumi.runtime.setMocks(
      { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: (args) => args.inputs },
      "project",
      "stack",
      false,
    );
    Error.stackTraceLimit = 7;
    new idgov.App("app", { displayName: "Payroll" });
    new idgov.SsoSettings("sso");
    expect(Error.stackTraceLimit).toBe(7);
    expect(new Error("mine").stack).toMatch(/\n\s+at /);
  });

  it("gives it back when the SDK's constructor throws", () => {
    Error.stackTraceLimit = 9;
    const args = { displayName: "Payroll", __provider: "not allowed" } as idgov.AppArgs;
    expect(() => new idgov.App("bad", args)).toThrow(/__provider/);
    expect(Error.stackTraceLimit).toBe(9);
  });

  it("keeps every output of the class, resolved from the engine's answer", async () => {
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => ({
          id: "app-1",
          state: { ...args.inputs, createdAt: "2026-11-24T00:00:00Z", userCount: "3", appOwners: [] },
        }),
        call: (args) => args.inputs,
      },
      "project",
      "stack",
      false,
    );
    const app = new idgov.App("app", { displayName: "Payroll" });
    expect(await valueOf(app.displayName)).toBe("Payroll");
    expect(await valueOf(app.createdAt)).toBe("2026-11-24T00:00:00Z");
    expect(await valueOf(app.userCount)).toBe("3");
    expect(await valueOf(app.appOwners)).toEqual([]);
    expect(await valueOf(app.iconUrl)).toBeUndefined();
  });
});
