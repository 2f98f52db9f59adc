import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { readAudit } from "../../../../provider/cli/report/audit";
import { ReportInputError } from "../../../../provider/cli/report/errors";

const FILE = path.join(__dirname, "checks", "audit.json");

describe("what the report takes from pulumi-idgov audit --format json", () => {
  const audit = readAudit(JSON.parse(readFileSync(FILE, "utf8")), FILE);

  it("objects no stack owns: unmanaged, orphaned and duplicates; not one claimed for someone else, not one gone", () => {
    expect(audit.unowned).toHaveLength(6 + 4 + 17 + 8 + 1 + 1);
    expect(new Set(audit.unowned.map((object) => object.class))).toEqual(new Set(["unmanaged"]));
    expect(audit.unowned).toContainEqual({
      kind: "App",
      id: "app-github",
      displayName: "GitHub",
      class: "unmanaged",
    });
  });

  it("coverage per kind: objects a given stack manages out of all the tenant holds (a gone object is not held)", () => {
    expect(audit.objects).toBe(42);
    expect(audit.coverage).toEqual([
      { kind: "App", managed: 2, total: 9 },
      { kind: "AuthConfig", managed: 0, total: 8 },
      { kind: "Automation", managed: 0, total: 18 },
      { kind: "RequestCatalog", managed: 0, total: 4 },
      { kind: "SessionSettings", managed: 1, total: 1 },
      { kind: "SsoSettings", managed: 0, total: 1 },
      { kind: "XaaSettings", managed: 0, total: 1 },
    ]);
  });

  it.each([[{ version: 2, objects: [] }], [{ version: 1 }], [{ version: 1, objects: [{ id: "x" }] }]])(
    "refuses %j, naming the file",
    (document) => {
      expect(() => readAudit(document, "audit.json")).toThrow(ReportInputError);
      expect(() => readAudit(document, "audit.json")).toThrow(/^audit\.json: /);
    },
  );
});
