import { describe, expect, it } from "vitest";
import { jsonReport } from "../../../provider/audit/formats/json";
import { markdownReport } from "../../../provider/audit/formats/markdown";
import { tableReport } from "../../../provider/audit/formats/table";
import { summarize } from "../../../provider/audit/outcome";
import type { AuditReport } from "../../../provider/audit/run";
import { nextSteps } from "../../../provider/audit/formats/nextSteps";
import type { AuditObject, Door } from "../../../provider/audit/types";

function reportOf(objects: AuditObject[], doors: Door[] = ["dynamic"]): AuditReport {
  return {
    objects,
    summary: summarize(objects, 0),
    stacks: ["acme/idp/a"],
    baseUrl: "https://acme.example.com",
    doors,
  };
}

const hostile: AuditObject = {
  kind: "App",
  id: "app-1",
  displayName: "Evil | <img src=x> [link](https://x) \u001b[2J\nsecond line",
  class: "unmanaged",
};

describe("the report formats", () => {
  it("Markdown keeps a display name inside its cell: pipes, HTML, links and newlines escaped", () => {
    const row = markdownReport(reportOf([hostile]))
      .split("\n")
      .find((line) => line.startsWith("| unmanaged"));
    expect(row).toBe(
      "| unmanaged | App | app-1 | Evil \\| \\<img src=x\\> \\[link\\](https://x)  \\[2J second line |  |  |",
    );
  });

  it("the table keeps a display name on one line, without control characters", () => {
    const table = tableReport(reportOf([hostile]));
    expect(table).not.toContain("\u001b");
    expect(table.split("\n")[1]).toMatch(
      /^unmanaged {2}App +app-1 {2}Evil \| <img src=x> .*\[2J second line {2}-$/,
    );
  });

  it("every format says so when everything is managed and in sync; JSON lists the objects all the same", () => {
    const report = reportOf([
      { kind: "App", id: "app-1", displayName: "A", class: "managed", stack: "acme/idp/a" },
    ]);
    expect(markdownReport(report)).toContain("Every object is managed and in sync.");
    expect(tableReport(report)).toContain("Every object is managed and in sync.");
    expect(JSON.parse(jsonReport(report))).toMatchObject({
      version: 1,
      objects: [{ id: "app-1" }],
      summary: { exitCode: 0 },
    });
  });

  it.each<[string, AuditObject[], number]>([
    ["in sync", [{ kind: "App", id: "a", displayName: "A", class: "managed" }], 0],
    [
      "drift",
      [{ kind: "App", id: "a", displayName: "A", class: "managed", driftedFields: ["description"] }],
      2,
    ],
    ["gone", [{ kind: "App", id: "a", displayName: "A", class: "gone" }], 2],
    ["orphaned", [{ kind: "App", id: "a", displayName: "A", class: "orphaned" }], 4],
    [
      "a managed object with a duplicate",
      [{ kind: "App", id: "a", displayName: "A", class: "managed", duplicateOf: ["b"] }],
      4,
    ],
    [
      "drift and unmanaged",
      [
        { kind: "App", id: "a", displayName: "A", class: "managed", driftedFields: ["description"] },
        { kind: "App", id: "b", displayName: "B", class: "unmanaged" },
      ],
      6,
    ],
  ])("exit code for %s: %i", (_name, objects, code) => {
    expect(summarize(objects, 0).exitCode).toBe(code);
  });
});

describe("the next steps", () => {
  const unmanaged: AuditObject = { kind: "App", id: "app-9", displayName: "Nine", class: "unmanaged" };
  const orphaned: AuditObject = {
    kind: "RequestCatalog",
    id: "cat-3",
    displayName: "Three",
    class: "orphaned",
    stack: "acme/idp/old",
  };

  it("of a TypeScript stack of the dynamic classes adopt with adoptId", () => {
    expect(nextSteps(reportOf([unmanaged, orphaned], ["dynamic"]))).toEqual([
      "Unmanaged: `pulumi-idgov export --out ./adopt --kinds App` writes a program that adopts them (each with " +
        "`adoptId`); copy the declarations you keep into your stack's program, and list the rest in the ignore file.",
      'Orphaned RequestCatalog cat-3: left behind by acme/idp/old. Take it back there (`adoptId: "cat-3"` (and ' +
        "`allowTakeover: true` when the resource's name changed)), or delete it.",
    ]);
  });

  it("of a YAML, Python or Go stack import with pulumi import, which writes the stack's language", () => {
    expect(nextSteps(reportOf([unmanaged, orphaned], ["native"]))).toEqual([
      "Unmanaged: `pulumi-idgov export --format pulumi-import --out import.json --kinds App`, then " +
        "`pulumi import -f import.json` in the stack: it writes the code in the stack's language; list the objects " +
        "you do not keep in the ignore file.",
      "Orphaned RequestCatalog cat-3: left behind by acme/idp/old. Take it back there (`pulumi import " +
        "idgov:index:RequestCatalog <name> cat-3` in that stack), or delete it.",
    ]);
  });

  it("name both doors' commands, labelled, when no stack says which door it uses", () => {
    const steps = nextSteps(reportOf([unmanaged], []));
    expect(steps).toHaveLength(2);
    expect(steps[0]).toMatch(/^Unmanaged: YAML, Python, Go and native TypeScript stacks: .*pulumi import -f/);
    expect(steps[1]).toMatch(/^Unmanaged: TypeScript dynamic classes: .*adoptId/);
  });
});
