import { describe, expect, it } from "vitest";
import type { ExportedObject } from "../../../provider/cli/export/kinds";
import { nameObjects, slugOf } from "../../../provider/cli/export/names";
import { Expression, tsLiteral } from "../../../provider/cli/export/tsLiteral";

const object = (kind: ExportedObject["kind"], id: string, displayName: string): ExportedObject => ({
  kind,
  id,
  importId: id,
  displayName,
  args: {},
  unlistedPaths: [],
  secretPaths: [],
});

describe("resource names of exported objects", () => {
  it.each([
    ["GitHub", "github"],
    ["Engineering starter kit", "engineering-starter-kit"],
    ["  Café / Ops — EU ", "cafe-ops-eu"],
    ["acme/infrastructure", "acme-infrastructure"],
    ["!!!", ""],
  ])("slug of %j is %j", (text, slug) => {
    expect(slugOf(text)).toBe(slug);
  });

  it("are readable, unique per kind, valid identifiers, and the same on every run", () => {
    const objects = [
      object("App", "app-1", "GitHub"),
      object("App", "app-2", "GitHub"),
      object("Automation", "auto-1", "GitHub"),
      object("App", "app-3", "2027 Q1 review"),
      object("App", "app-4", "Delete"),
      object("App", "app-5", "@@@"),
      object("SsoSettings", "sso", "sso"),
    ];
    const names = [...nameObjects(objects).values()];
    expect(names).toEqual([
      { resource: "github", variable: "github" },
      { resource: "github-2", variable: "github2" },
      { resource: "github", variable: "githubAutomation" },
      { resource: "2027-q1-review", variable: "app2027Q1Review" },
      { resource: "delete", variable: "appDelete" },
      { resource: "app-5", variable: "app5" },
      { resource: "sso", variable: "ssoSettings" },
    ]);
    expect([...nameObjects(objects).values()]).toEqual(names);
  });
});

describe("values written as TypeScript", () => {
  it.each([
    [{ a: 1, "cost-center": "CC-1" }, '{ a: 1, "cost-center": "CC-1" }'],
    [{ appId: new Expression("github.id"), id: "ent" }, '{ appId: github.id, id: "ent" }'],
    [['quote " and \\ back', "line\nbreak"], '["quote \\" and \\\\ back", "line\\nbreak"]'],
    [{ step: { removeFromDelegation: {} } }, "{ step: { removeFromDelegation: {} } }"],
    [
      { description: "a long text that does not fit on one line with the rest of it", enabled: true },
      '{\n  description: "a long text that does not fit on one line with the rest of it",\n  enabled: true,\n}',
    ],
  ])("%j", (value, text) => {
    expect(tsLiteral(value)).toBe(text);
  });
});
