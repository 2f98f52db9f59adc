import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { readDriftCheck } from "../../../../provider/cli/report/driftCheck";
import { ReportInputError } from "../../../../provider/cli/report/errors";

const check = (name: string) => {
  const file = path.join(__dirname, "checks", name);
  return readDriftCheck(JSON.parse(readFileSync(file, "utf8")), file);
};

describe("a drift check read from the JSON of pulumi preview --refresh --expect-no-changes", () => {
  it("a drifted stack: each object the plan changes, each field with the value the code wants and the value found", () => {
    const stack = check("hr-prod.json");
    expect(stack).toMatchObject({
      name: "organization/hr-apps/prod",
      status: "drifted",
      resources: 3,
      errors: [],
    });
    expect(stack.drifted).toEqual([
      { kind: "App", name: "payroll", operation: "create", fields: [] },
      {
        kind: "App",
        name: "wiki",
        id: "j4wdEDCcCPru4DnQJCGtL0i9vD4",
        operation: "update",
        fields: [
          { path: "description", wanted: '"Internal documentation"', found: '"Edited in the admin console"' },
        ],
      },
    ]);
  });

  it("lists apart, as changed outside the code, fields the program does not set that the refresh found changed", () => {
    expect(check("hr-prod.json").outside).toEqual([
      {
        kind: "App",
        name: "wiki",
        id: "j4wdEDCcCPru4DnQJCGtL0i9vD4",
        fields: [
          { path: "annotations.owner", wanted: "(unset)", found: '"alice"' },
          { path: "instructions", wanted: "(unset)", found: '"Ask #docs first"' },
        ],
      },
    ]);
  });

  it("a stack with no drift is clean; its changes outside the code show when the preview shows unchanged objects", () => {
    expect(check("crm-prod.json")).toMatchObject({
      name: "organization/crm/prod",
      status: "clean",
      outside: [],
    });
    const sames = check("crm-prod-sames.json");
    expect(sames).toMatchObject({ status: "clean", drifted: [] });
    expect(sames.outside).toEqual([
      expect.objectContaining({
        name: "salesDesk",
        fields: [{ path: "iconUrl", wanted: "(unset)", found: '"https://example.com/desk.png"' }],
      }),
    ]);
  });

  it("a preview that failed is a broken check, with its errors and not --expect-no-changes' own", () => {
    const stack = check("crm-broken.json");
    expect(stack.status).toBe("broken");
    expect(stack.name).toBe("organization/crm/broken");
    expect(stack.errors[0]).toMatch(/^Preview failed: read App salesDesk: .*connection refused/);
    expect(stack.errors.join("\n")).not.toMatch(/no changes were expected/);
  });

  it("an empty file is a check that wrote nothing: broken, named after its file", () => {
    expect(readDriftCheck(undefined, "checks/payments-prod.json")).toMatchObject({
      name: "payments-prod",
      status: "broken",
      errors: [expect.stringContaining("wrote no JSON")],
    });
  });

  it("a preview's JSON with diagnostics and no plan is broken, never clean", () => {
    expect(readDriftCheck({ diagnostics: [] }, "drift/x.json")).toMatchObject({
      status: "broken",
      errors: ['the preview wrote no plan: its JSON has no "steps" list'],
    });
  });

  it.each([[[]], [{ version: 1, objects: [] }], ["text"], [null]])(
    "refuses %j, naming the file",
    (document) => {
      expect(() => readDriftCheck(document, "drift/x.json")).toThrow(ReportInputError);
      expect(() => readDriftCheck(document, "drift/x.json")).toThrow(
        'drift/x.json: not the output of `pulumi preview --json`: it has no "steps" list',
      );
    },
  );
});
