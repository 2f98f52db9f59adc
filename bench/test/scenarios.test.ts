import { mkdtemp, rm } from "node:fs/promises";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { writeBenchProgram } from "../benchProgram";
import { contractMinimum, KIND_SCENARIOS } from "../scenarios";
import { benchOwnership, checkCase } from "../cpuCases";
import * as idgov from "../../resources";
import { kindNamed } from "../../provider/kinds";
import { runMockedProgramFile } from "../../testkit/mockedProgram";

const REPO_ROOT = path.resolve(__dirname, "../..");

describe("the bench's resource scenarios", () => {
  it("cover every resource kind the package exports", () => {
    const kinds = Object.entries(idgov)
      .filter(
        ([, value]) => typeof value === "function" && value.prototype instanceof pulumi.dynamic.Resource,
      )
      .map(([name]) => name);
    expect(new Set(KIND_SCENARIOS.map((scenario) => scenario.kind))).toEqual(new Set(kinds));
  });

  it("give every resource a name of its own", () => {
    const names = KIND_SCENARIOS.map((scenario) => `${scenario.kind}::${scenario.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(KIND_SCENARIOS.map((scenario) => [scenario.label, scenario] as const))(
    "%s: the program and its one-field change pass check, and the change differs in that field only",
    (_label, scenario) => {
      const kind = kindNamed(scenario.kind);
      const ownership = benchOwnership(scenario.kind, scenario.name);
      expect(checkCase(kind, scenario.program, ownership).failures).toEqual([]);
      expect(checkCase(kind, scenario.change.program, ownership).failures).toEqual([]);
      const { [scenario.change.field]: before, ...rest } = scenario.program;
      const { [scenario.change.field]: after, ...restChanged } = scenario.change.program;
      expect(restChanged).toEqual(rest);
      expect(after).not.toEqual(before);
    },
  );

  it("take the ideal as the minimum unless the contract says otherwise, with the reason", () => {
    const app = KIND_SCENARIOS.find((scenario) => scenario.label === "App");
    const sso = KIND_SCENARIOS.find((scenario) => scenario.label === "SsoSettings");
    if (!app || !sso) throw new Error("scenarios missing");
    expect(contractMinimum(app, "noopUp", 0)).toEqual({ calls: 0 });
    expect(contractMinimum(app, "create", 1)).toMatchObject({
      calls: 2,
      reason: expect.stringContaining("one listing of the collection per provider process"),
    });
    expect(contractMinimum(sso, "create", 1)).toMatchObject({
      calls: 2,
      reason: expect.stringContaining("read"),
    });
    expect(contractMinimum(sso, "delete", 1)).toMatchObject({ calls: 0 });
  });
});

describe("the bench program", () => {
  it("declares N Apps, and one resource of every scenario when asked", async () => {
    // Under the checkout's node_modules, so that the program resolves pulumi-idgov and @pulumi/pulumi as installed.
    const dir = await mkdtemp(path.join(REPO_ROOT, "node_modules", ".bench-program-"));
    try {
      await writeBenchProgram(dir, KIND_SCENARIOS);
      const run = await runMockedProgramFile(path.join(dir, "index.js"), "idgov-bench", {
        "bench:apps": "3",
        "bench:kinds": "true",
      });
      expect(run.thrown).toEqual([]);
      expect(run.rejections).toEqual([]);
      const declared = run.registered.filter((resource) => resource.type !== "pulumi:pulumi:Stack");
      expect(declared.map(({ type, name }) => `${type}::${name}`).sort()).toEqual(
        [
          ...["app-0", "app-1", "app-2"].map((name) => `pulumi-nodejs:dynamic/idgov:App::${name}`),
          ...KIND_SCENARIOS.map(({ kind, name }) => `pulumi-nodejs:dynamic/idgov:${kind}::${name}`),
        ].sort(),
      );
      expect(declared.find((resource) => resource.name === "app-2")?.inputs).toMatchObject({
        displayName: "Bench app 2",
        description: "Made by npm run bench",
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("declares the floor instead: N no-op dynamic resources with the Apps' names and inputs", async () => {
    const dir = await mkdtemp(path.join(REPO_ROOT, "node_modules", ".bench-program-"));
    try {
      await writeBenchProgram(dir, KIND_SCENARIOS);
      const run = await runMockedProgramFile(path.join(dir, "index.js"), "idgov-bench", {
        "bench:apps": "2",
        "bench:floor": "true",
      });
      expect(run.thrown).toEqual([]);
      expect(run.rejections).toEqual([]);
      const declared = run.registered.filter((resource) => resource.type !== "pulumi:pulumi:Stack");
      expect(declared.map(({ type, name }) => `${type}::${name}`).sort()).toEqual([
        "pulumi-nodejs:dynamic/floor:App::app-0",
        "pulumi-nodejs:dynamic/floor:App::app-1",
      ]);
      const inputs = declared.find((resource) => resource.name === "app-1")?.inputs ?? {};
      const { __provider: provider, ...rest } = inputs;
      expect(rest).toEqual({ displayName: "Bench app 1", description: "Made by npm run bench" });
      expect(String(provider)).toContain("create");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
