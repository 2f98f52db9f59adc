import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { runReport } from "../../../../provider/cli/report/command";
import { SECRET_SIG, SPECIAL_SIG_KEY } from "../../../../provider/engine/pulumiSecret";
import { driftCheckOf } from "./fleet";

const CHECKS = path.join(__dirname, "checks");
const scratch = () => mkdtemp(path.join(tmpdir(), "report-command-"));
const real = (name: string) => path.join(CHECKS, name);

async function written(dir: string): Promise<string[]> {
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
}

describe("pulumi-idgov report: reading every input before writing anything", () => {
  it.each([
    ["a drift check", "drift", '{"steps": [', /^--drift .*broken\.json: not JSON: /],
    ["an audit", "audit", "<html>", /^--audit .*broken\.json: not JSON: /],
    [
      "an audit of another shape",
      "audit",
      '{"version": 2}',
      /broken\.json: not the output of `pulumi-idgov audit --format json`/,
    ],
    [
      "a drift check of another shape",
      "drift",
      '{"version": 1}',
      /broken\.json: not the output of `pulumi preview --json`/,
    ],
  ])(
    "%s that cannot be read fails naming the file, and nothing is written",
    async (_what, flag, text, message) => {
      const dir = await scratch();
      const broken = path.join(dir, "broken.json");
      await writeFile(broken, text);
      const out = path.join(dir, "out");
      const options =
        flag === "drift"
          ? { drift: [real("hr-prod.json"), broken], out }
          : { drift: [real("hr-prod.json")], audit: broken, out };
      await expect(runReport(options, {})).rejects.toThrow(message);
      expect(existsSync(out)).toBe(false);
    },
  );

  it("a broken earlier report fails naming it, and nothing is written", async () => {
    const dir = await scratch();
    await mkdir(path.join(dir, "history", "run-1"), { recursive: true });
    await writeFile(path.join(dir, "history", "run-1", "report.json"), '{"format": "something-else"}');
    const out = path.join(dir, "out");
    await expect(
      runReport({ drift: [real("hr-prod.json")], history: path.join(dir, "history"), out }, {}),
    ).rejects.toThrow(/run-1\/report\.json: not a report\.json of `pulumi-idgov report`/);
    expect(existsSync(out)).toBe(false);
  });

  it("refuses a folder holding other files, and writes into a new one or one holding an earlier report", async () => {
    const dir = await scratch();
    const taken = path.join(dir, "taken");
    await mkdir(taken);
    await writeFile(path.join(taken, "notes.txt"), "mine");
    await expect(runReport({ drift: [real("crm-prod.json")], out: taken }, {})).rejects.toThrow(
      /--out .*taken holds other files \(notes\.txt\)/,
    );
    expect(await written(taken)).toEqual(["notes.txt"]);
    const out = path.join(dir, "out");
    await runReport({ drift: [real("crm-prod.json")], out }, {});
    await runReport({ drift: [real("hr-prod.json")], out }, {});
    expect(await written(out)).toEqual(["junit.xml", "report.html", "report.json", "summary.md"]);
    expect(await readFile(path.join(out, "summary.md"), "utf8")).toContain("1 of 1 stack drifted");
  });
});

describe("pulumi-idgov report: the trend", () => {
  it("each report.json carries the earlier runs, so the next run's --history draws the trend from the last report alone", async () => {
    const dir = await scratch();
    const runs = [
      [real("hr-prod.json"), real("crm-prod.json"), real("crm-broken.json")],
      [real("hr-prod.json"), real("crm-prod.json")],
      [real("crm-prod.json")],
    ];
    let history: string | undefined;
    for (const [index, drift] of runs.entries()) {
      const out = path.join(dir, `run-${index}`);
      const now = new Date(Date.UTC(2026, 11, 1 + index, 3));
      await runReport({ drift, out, ...(history ? { history } : {}) }, {}, now);
      // The artifact of the last run, downloaded into a folder of its own.
      history = path.join(dir, `history-${index}`);
      await mkdir(path.join(history, "last"), { recursive: true });
      await copyFile(path.join(out, "report.json"), path.join(history, "last", "report.json"));
    }
    const last = JSON.parse(await readFile(path.join(dir, "run-2", "report.json"), "utf8"));
    expect(
      last.runs.map((run: { stacks: number; drifted: number; broken: number }) => [
        run.stacks,
        run.drifted,
        run.broken,
      ]),
    ).toEqual([
      [3, 1, 1],
      [2, 1, 0],
      [1, 0, 0],
    ]);
    const html = await readFile(path.join(dir, "run-2", "report.html"), "utf8");
    expect(html).toContain("Trend over the last 3 runs");
    expect(html).toContain("2026-12-02T03:00:00.000Z: 1 drifted stacks of 2");
    expect(await readFile(path.join(dir, "run-2", "summary.md"), "utf8")).toContain(
      "Since the last run (2026-12-02T03:00:00.000Z): drifted stacks 1 → 0.",
    );
  });
});

describe("pulumi-idgov report: secrets", () => {
  it("never shows a secret: Pulumi's secret values, and the package's secret fields even when shown in plain text", async () => {
    const dir = await scratch();
    const check = driftCheckOf("idp", "prod", [{ name: "sso", drift: { description: ["a", "b"] } }]) as {
      steps: {
        op: string;
        oldState?: { type: string; inputs: Record<string, unknown>; outputs: Record<string, unknown> };
        newState?: { type: string; inputs: Record<string, unknown> };
      }[];
    };
    const plan = check.steps.find((step) => step.op === "update")!;
    for (const step of check.steps.filter((one) => one.oldState?.type === "idgov:index:App"))
      for (const state of [step.oldState, step.newState]) if (state) state.type = "idgov:index:AuthConfig";
    (plan as { detailedDiff?: object }).detailedDiff = {
      "providerClient.oidcClientSecret": { kind: "update" },
      token: { kind: "update" },
      providerClient: { kind: "update" },
      writeOnlyValues: { kind: "update" },
    };
    // A secret output of the kind, whose name says nothing of it.
    plan.oldState!.outputs.writeOnlyValues = { digest: "hunter5" };
    plan.newState!.inputs.providerClient = { oidcClientId: "client", oidcClientSecret: "plain-text-hunter2" };
    plan.oldState!.outputs.providerClient = {
      oidcClientId: "client",
      oidcClientSecret: "plain-text-hunter3",
    };
    plan.newState!.inputs.token = {
      [SPECIAL_SIG_KEY]: SECRET_SIG,
      plaintext: '"sig-hunter4"',
    };
    plan.oldState!.outputs.token = "[secret]";
    const file = path.join(dir, "check.json");
    await writeFile(file, JSON.stringify(check));
    const out = path.join(dir, "out");
    await runReport({ drift: [file], out }, {});
    for (const name of await readdir(out)) {
      const text = await readFile(path.join(out, name), "utf8");
      expect(text, `${name}:\n${text}`).not.toMatch(/hunter/);
    }
    const html = await readFile(path.join(out, "report.html"), "utf8");
    expect(html).toContain(
      "<td><code>providerClient.oidcClientSecret</code></td><td><code>&#34;[secret]&#34;</code></td>",
    );
    expect(html).toContain(
      "&#34;oidcClientId&#34;:&#34;client&#34;,&#34;oidcClientSecret&#34;:&#34;[secret]&#34;",
    );
  });
});

describe("pulumi-idgov report: fleets", () => {
  const fleet = async (stacks: number, appsPerStack: number, driftedPerStack: number) => {
    const dir = await scratch();
    const files: string[] = [];
    for (let index = 0; index < stacks; index += 1) {
      const apps = Array.from({ length: appsPerStack }, (_, app) => ({
        name: `app-${index}-${app}`,
        ...(app < driftedPerStack
          ? { drift: { description: [`as coded ${app}`, `edited by hand ${app}`] as const } }
          : {}),
      }));
      const file = path.join(dir, `stack-${index}.json`);
      await writeFile(file, JSON.stringify(driftCheckOf(`team-${index}`, "prod", apps)));
      files.push(file);
    }
    const out = path.join(dir, "out");
    await runReport({ drift: files, audit: real("audit.json"), out }, {});
    const read = async (name: string) => readFile(path.join(out, name), "utf8");
    return { html: await read("report.html"), md: await read("summary.md"), xml: await read("junit.xml") };
  };

  it("40 stacks, a few drifted objects each: the page stays under 300 KB", async () => {
    const { html } = await fleet(40, 20, 3);
    expect(Buffer.byteLength(html)).toBeLessThan(300 * 1024);
    expect(html).toContain("<b>40</b>stacks");
    expect(html).toContain("<b>120</b>drifted objects");
  });

  it("200 stacks: every stack on the page and in JUnit, the summary capped, the page under 1 MB", async () => {
    const { html, md, xml } = await fleet(200, 5, 1);
    for (let index = 0; index < 200; index += 1) {
      expect(html).toContain(`>team-${index}/prod</a>`);
      expect(xml).toContain(`name="team-${index}/prod"`);
    }
    expect(xml.match(/<testcase /g)).toHaveLength(200);
    expect(xml.match(/<failure /g)).toHaveLength(200);
    expect(Buffer.byteLength(html)).toBeLessThan(1024 * 1024);
    expect(md.length).toBeLessThan(8_000);
    expect(md).toContain("And 175 more stacks that drifted or broke: see the page.");
  });

  it("1,000 drifted objects: each is listed with its field, both values, in its stack's section", async () => {
    const { html } = await fleet(10, 100, 100);
    expect(html.match(/<td><code>description<\/code><\/td><td><code>&#34;as coded/g)).toHaveLength(1_000);
    expect(html).toContain("<code>app-9-99</code>");
    expect(html).toContain(
      "<td><code>&#34;as coded 99&#34;</code></td><td><code>&#34;edited by hand 99&#34;</code></td>",
    );
  });
});
