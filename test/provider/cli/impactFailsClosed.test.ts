import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { runImpact } from "../../../provider/cli/impact/command";
import { type ImpactOptions, parseImpactArguments } from "../../../provider/cli/impact/options";
import { DEFAULT_CREDENTIALS } from "../../../emulator/testing";
import { runCommand } from "../../../testkit/command";
import { useEmulator } from "../../support/emulatorSuite";

/** The `pulumi-idgov` bin as `npm run build` writes it (`npm test` builds first). */
const BIN = path.resolve(__dirname, "../../../dist/provider/cli/main.js");
const PREVIEWS = path.join(__dirname, "previews");
const suite = useEmulator();

/** Runs `pulumi-idgov impact` on the tenant of the suite's emulator, its plan piped to standard input. */
function impactOfPiped(planFile: string, ...flags: string[]) {
  const env = { ...process.env, IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret };
  const command = [process.execPath, BIN, "impact", "--base-url", suite.url, "--client-id", "idgov-emulator"]
    .concat(flags)
    .map((word) => JSON.stringify(word))
    .join(" ");
  return runCommand("bash", ["-c", `cat ${JSON.stringify(planFile)} | ${command}`], { cwd: __dirname, env });
}

/** A copy of a captured plan, cut after `share` of its text (a stream cut short). */
async function cutShort(name: string, share: number): Promise<string> {
  const text = await readFile(path.join(PREVIEWS, name), "utf8");
  const file = path.join(tmpdir(), `idgov-impact-cut-${process.pid}-${share}.json`);
  await writeFile(file, text.slice(0, Math.floor(text.length * share)));
  return file;
}

describe("pulumi-idgov impact fails closed on a plan it cannot judge", { timeout: 60_000 }, () => {
  it("judges the plan of a preview that finished: the catalog's 14 members, exit 3 past --threshold 10", async () => {
    const result = await impactOfPiped(
      path.join(PREVIEWS, "finished.json"),
      "--format",
      "json",
      "--threshold",
      "10",
    );
    expect(result.code, result.stderr).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ crossed: true, impacts: [{ kind: "RequestCatalog" }] });
  });

  it("exits 1 naming the error of a preview the impact guard failed, and never answers crossed: false", async () => {
    const result = await impactOfPiped(
      path.join(PREVIEWS, "failed-on-impact-limit.json"),
      "--format",
      "json",
      "--threshold",
      "20",
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "pulumi-idgov impact: failed: the preview failed, so its plan is cut short and its impact cannot be judged: " +
        "urn:pulumi:dev::guardcap::idgov:index:RequestCatalog::engineering: RequestCatalog engineering " +
        "(cat-engineering): visibleToEveryone: true → false: every user of the tenant but the catalog's 14 members " +
        "stops seeing it (RequestCatalogView.memberCount) (tenant-wide): the tenant counts 14, more than " +
        "idgov:impactLimit 10. If this change was reviewed, set acceptImpact: 14 on the resource to accept it, and " +
        "run again; fix the error and run `pulumi preview --json` again\n",
    );
    expect(await suite.requests()).toEqual([]);
  });

  it("exits 1 on a preview whose program failed with no error diagnostic, only its host's Error: on stderr", async () => {
    const result = await impactOfPiped(path.join(PREVIEWS, "failed-program.json"), "--threshold", "20");
    expect([result.code, result.stdout]).toEqual([1, ""]);
    expect(result.stderr).toContain(
      'its impact cannot be judged: resource, variable, or config value "nothing" not found',
    );
  });

  it.each([
    ["cut short in its steps", 0.5, "is not JSON ("],
    ["cut short after its first brace", 0.0001, "is not JSON ("],
    ["empty, as when pulumi fails before planning", 0, "is empty: `pulumi preview --json` printed no plan"],
  ])("exits 1 on a plan %s, naming why", async (_, share, cause) => {
    const result = await impactOfPiped(await cutShort("finished.json", share), "--threshold", "0");
    expect([result.code, result.stdout]).toEqual([1, ""]);
    expect(result.stderr).toMatch(/^pulumi-idgov impact: failed: standard input /);
    expect(result.stderr).toContain(cause);
  });
});

describe("pulumi-idgov impact never waits for a plan it cannot get", () => {
  const options = parseImpactArguments(["--format", "json"]) as ImpactOptions;
  const noSettings = () => Promise.reject(new Error("the settings were asked for"));

  it("fails at once under `pulumi plugin run`, whose standard input never ends, naming the --preview form", async () => {
    const neverEnds = new PassThrough();
    await expect(
      runImpact(options, neverEnds, noSettings, { PULUMI_RPC_TARGET: "127.0.0.1:1" }),
    ).rejects.toThrow(
      "`pulumi plugin run` does not pass standard input on to the plugin (it never ends it), so the plan cannot be " +
        "read from it: write the plan to a file and name it with --preview: pulumi preview --json > plan.json && " +
        "pulumi plugin run --kind resource idgov -- impact --preview plan.json",
    );
  });

  it("fails at once when standard input is a terminal", async () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true });
    await expect(runImpact(options, terminal, noSettings, {})).rejects.toThrow(
      "standard input is a terminal, not a plan: pipe `pulumi preview --json` into the command, or name a file with --preview FILE",
    );
  });

  it("reads --preview FILE under `pulumi plugin run`", async () => {
    const file = path.join(tmpdir(), `idgov-impact-nothing-${process.pid}.json`);
    await writeFile(file, JSON.stringify({ steps: [], changeSummary: { same: 1 }, diagnostics: [] }));
    const result = await runImpact({ ...options, preview: file }, new PassThrough(), noSettings, {
      PULUMI_RPC_TARGET: "127.0.0.1:1",
    });
    expect(result.impacts).toEqual([]);
  });
});
