import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { ignores, parseIgnoreFile } from "../../../provider/audit/ignore";
import { exitCodeOf } from "../../../provider/audit/outcome";
import { AUDIT_CLASSES, type AuditObject } from "../../../provider/audit/types";
import { parseAuditArguments } from "../../../provider/cli/audit/options";

const CI = path.resolve(__dirname, "../../../examples/ci");
const read = (name: string) => readFileSync(path.join(CI, name), "utf8");
const GUIDE = readFileSync(path.resolve(__dirname, "../../../docs/guides/auditing.md"), "utf8");

/** The arguments of every `pulumi-idgov audit …` command line in a text, up to a redirection, pipe or comment. */
function auditCommandLines(text: string): string[][] {
  return [...text.matchAll(/pulumi-idgov audit (--[^>\n;`#|]*)/g)].map((match) =>
    match[1]!.trim().split(/\s+/),
  );
}

describe("the nightly-audit recipe in examples/ci and the auditing guide", () => {
  it("runs command lines the audit accepts", () => {
    const lines = [
      ...auditCommandLines(read("audit-nightly.yml")),
      ...auditCommandLines(read("README.md")),
      ...auditCommandLines(GUIDE),
    ];
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const args of lines) expect(() => parseAuditArguments(args), args.join(" ")).not.toThrow();
  });

  it("ships an ignore file the audit reads", () => {
    const rules = parseIgnoreFile(read(".idgov-audit-ignore"), ".idgov-audit-ignore");
    const object = { kind: "App", id: "app-legacy-crm", displayName: "CRM" } as const;
    expect(rules.some((rule) => ignores(rule, object))).toBe(true);
  });

  it("documents a JSON report whose classes and exit code are the audit's", () => {
    const json = /```json\n([^]*?)```/.exec(GUIDE)?.[1];
    const report = JSON.parse(json ?? "") as {
      version: number;
      objects: AuditObject[];
      summary: { byClass: Record<string, number>; exitCode: number };
    };
    expect(report.version).toBe(1);
    expect(Object.keys(report.summary.byClass)).toEqual([...AUDIT_CLASSES]);
    expect(report.summary.exitCode).toBe(exitCodeOf(report.objects));
  });
});
