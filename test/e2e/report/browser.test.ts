import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HeadlessChromium, type OpenedPage } from "../../../testkit/chromium";
import { runCommand, transcriptOf } from "../../../testkit/command";
import { REPO_ROOT } from "../../../testkit/pulumiCli";

/** The drift checks and the audit the real CLI wrote (test/provider/cli/report/checks/README.md says how). */
const CHECKS = path.join(REPO_ROOT, "test/provider/cli/report/checks");
const DRIFT = ["hr-prod.json", "crm-prod-sames.json", "crm-broken.json"].map((name) =>
  path.join(CHECKS, name),
);
const AUDIT = path.join(CHECKS, "audit.json");
const BIN = path.join(REPO_ROOT, "dist/provider/cli/main.js");
/** Where the screenshot goes: the test's output, kept after the run (docs/guides/img/ holds copies). */
const SCREENSHOT = path.join(REPO_ROOT, "test-results", "report", "report.png");
const STACK_SCREENSHOT = path.join(path.dirname(SCREENSHOT), "report-stack.png");
const HOSTILE = `<img src=x onerror="document.title='pwned'"></script><script>document.title='pwned'</script>"'`;

type Step = { op: string; urn: string; diffReasons?: string[] };
type Preview = { steps: Step[]; diagnostics?: { severity: string }[] };

const report = (args: string[]) =>
  runCommand(process.execPath, [BIN, "report", ...args], { cwd: REPO_ROOT, env: process.env });

let browser: HeadlessChromium;
let dir: string;
let page: OpenedPage;
let previews: Preview[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "report-browser-"));
  previews = await Promise.all(
    DRIFT.map(async (file) => JSON.parse(await readFile(file, "utf8")) as Preview),
  );
  // Last night's run, then tonight's with the last one's report.json as its history.
  const earlier = await report(["--drift", DRIFT[0]!, "--out", path.join(dir, "history", "last")]);
  expect(earlier.code, transcriptOf(earlier)).toBe(0);
  const tonight = await report([
    "--drift",
    ...DRIFT,
    "--audit",
    AUDIT,
    "--history",
    path.join(dir, "history"),
    "--out",
    path.join(dir, "out"),
  ]);
  expect(tonight.code, transcriptOf(tonight)).toBe(0);
  browser = await HeadlessChromium.start();
  page = await browser.open(path.join(dir, "out", "report.html"), {
    screenshot: true,
    width: 1000,
    height: 1300,
  });
  await mkdir(path.dirname(SCREENSHOT), { recursive: true });
  await writeFile(SCREENSHOT, page.screenshot!);
  // The drifted stack's own section: each field, the value the code wants and the value found.
  const drifted = await browser.open(path.join(dir, "out", "report.html"), {
    screenshot: true,
    width: 1000,
    height: 520,
    fragment: "stack-1",
  });
  await writeFile(STACK_SCREENSHOT, drifted.screenshot!);
  console.log(`report.html as Chromium shows it: ${SCREENSHOT}, ${STACK_SCREENSHOT}`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** The stack's `<project>/<stack>`, from its preview's first URN. */
const stackOf = (preview: Preview) => {
  const [, stack, project] = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(preview.steps[0]!.urn)!;
  return `${project}/${stack}`;
};

describe("pulumi-idgov report's page in headless Chromium, opened from file://", () => {
  it("makes no request but its own file, breaks no rule of its policy, and holds nothing that runs", () => {
    expect(page.requests).toEqual([pathToFileURL(path.join(dir, "out", "report.html")).href]);
    expect(page.console).toEqual([]);
    expect(page.active).toBe(0);
  });

  it("the same check sees a page that does fetch: the request is counted", async () => {
    const leaky = path.join(dir, "leaky.html");
    await writeFile(leaky, `<!DOCTYPE html><p>control</p><img src="http://example.invalid/pixel.png">`);
    const control = await browser.open(leaky);
    expect(control.requests).toContain("http://example.invalid/pixel.png");
    expect(control.active).toBe(1);
  });

  it("shows what the checks say: the counts, every stack by name, each drifted field, the unowned objects", async () => {
    const changed = (preview: Preview) =>
      preview.steps.some((step) => ["update", "create", "replace", "delete"].includes(step.op));
    const broken = (preview: Preview) =>
      (preview.diagnostics ?? []).some((diagnostic) => diagnostic.severity === "error");
    const drifted = previews.filter((preview) => changed(preview) && !broken(preview)).length;
    const tiles = (label: string) => new RegExp(`(\\d+)\\n${label}\\n`).exec(page.text)?.[1];
    expect(tiles("stacks")).toBe(String(DRIFT.length));
    expect(tiles("drifted")).toBe(String(drifted));
    expect(tiles("broken checks")).toBe(String(previews.filter(broken).length));
    expect(tiles("clean")).toBe(String(DRIFT.length - drifted - previews.filter(broken).length));
    for (const preview of previews) expect(page.text).toContain(stackOf(preview));
    const fields = previews.flatMap((preview) =>
      preview.steps.flatMap((step) => (step.op === "update" ? (step.diffReasons ?? []) : [])),
    );
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expect(page.text).toMatch(new RegExp(`\\t${field}\\t"`));
    const audit = JSON.parse(await readFile(AUDIT, "utf8")) as {
      objects: { class: string; stack?: string }[];
    };
    const unowned = audit.objects.filter((object) =>
      ["unmanaged", "orphaned", "duplicate"].includes(object.class),
    ).length;
    expect(page.text).toContain(`Objects no stack owns: ${unowned}`);
    expect(page.text).toContain("Trend over the last 2 runs");
    expect(page.text).toContain("Changed outside the code");
  });

  it("a stack named with HTML and script shows the name as text: nothing runs, nothing is added to the page", async () => {
    const check = JSON.parse(await readFile(DRIFT[0]!, "utf8")) as Preview;
    for (const step of check.steps)
      step.urn = step.urn.replace("urn:pulumi:prod::", `urn:pulumi:${HOSTILE.replace(/:/g, "")}::`);
    const file = path.join(dir, "hostile.json");
    await writeFile(file, JSON.stringify(check));
    const made = await report(["--drift", file, "--out", path.join(dir, "hostile")]);
    expect(made.code, transcriptOf(made)).toBe(0);
    const hostile = await browser.open(path.join(dir, "hostile", "report.html"));
    expect(hostile.text).toContain(`hr-apps/${HOSTILE}`);
    expect(hostile.title).toBe("Drift report: 1 stack");
    expect(hostile.active).toBe(0);
    expect(hostile.requests).toHaveLength(1);
  });
});
