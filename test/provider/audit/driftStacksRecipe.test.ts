import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAuditArguments } from "../../../provider/cli/audit/options";

// The YAML parser @pulumi/pulumi itself depends on.
const jsYaml = createRequire(require.resolve("@pulumi/pulumi"))("js-yaml") as { load(text: string): unknown };
const RECIPE = readFileSync(path.resolve(__dirname, "../../../examples/ci/drift-stacks.yml"), "utf8");

interface Workflow {
  env: Record<string, string>;
  jobs: {
    drift: {
      strategy: { "max-parallel": number; matrix: { stack: { dir: string; name: string }[] } };
      steps: { run?: string }[];
    };
    audit: { steps: { run?: string }[] };
  };
}

describe("the many-stacks drift recipe in examples/ci", () => {
  const workflow = jsYaml.load(RECIPE) as Workflow;
  const stacks = workflow.jobs.drift.strategy.matrix.stack.map((stack) => stack.name);

  it("runs the drift check of each stack in a matrix job of its own", () => {
    const runs = workflow.jobs.drift.steps.map((step) => step.run ?? "").join("\n");
    expect(runs).toContain("pulumi preview --refresh --expect-no-changes");
    expect(runs).toContain("${{ matrix.stack.name }}");
    expect(stacks.length).toBeGreaterThan(1);
  });

  it("audits the tenant once, against every stack of the matrix, with arguments the audit accepts", () => {
    const line = workflow.jobs.audit.steps.map((step) => step.run ?? "").join("\n");
    const args = /pulumi-idgov audit ([^>\n]*)/.exec(line)?.[1]?.trim().split(/\s+/) ?? [];
    expect(() => parseAuditArguments(args)).not.toThrow();
    const named = args.flatMap((arg, index) => (args[index - 1] === "--stack" ? [arg] : []));
    expect(named.sort()).toEqual([...stacks].sort());
  });

  it("divides the tenant's budget by the jobs that run at once", () => {
    const perStack = Number(workflow.env.IDGOV_MAX_REQUESTS_PER_SECOND);
    expect(perStack * workflow.jobs.drift.strategy["max-parallel"]).toBeLessThanOrEqual(100);
  });
});
