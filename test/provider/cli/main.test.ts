import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { runCommand } from "../../../testkit/command";

/** The `pulumi-idgov` bin as `npm run build` writes it (`npm test` builds first). */
const BIN = path.resolve(__dirname, "../../../dist/provider/cli/main.js");
const run = (args: string[]) =>
  runCommand(process.execPath, [BIN, ...args], { cwd: __dirname, env: process.env });

describe("the pulumi-idgov command", { timeout: 120_000 }, () => {
  it("lists its commands with --help, and every export flag with export --help", async () => {
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("export --out DIR");
    expect(help.stdout).toContain("emulator [--port N]");
    expect(help.stdout).toContain("impact ");
    expect(help.stdout).toContain("report --drift FILE… --out DIR");
    const exportHelp = await run(["export", "--help"]);
    expect(exportHelp.code).toBe(0);
    for (const flag of [
      "--out",
      "--kinds",
      "--app ",
      "--app-resources",
      "--access-review",
      "--include-managed",
    ]) {
      expect(exportHelp.stdout).toContain(flag);
    }
  });

  it("lists each command of the table in --help, and dispatches each to its own --help", async () => {
    const { COMMANDS } = await import("../../../provider/cli/commands");
    const help = await run(["--help"]);
    for (const command of COMMANDS) expect(help.stdout).toContain(`  ${command.synopsis} `);
    for (const command of COMMANDS.filter((one) => one.name !== "help" && one.name !== "schema")) {
      const own = await run([command.name, "--help"]);
      expect([command.name, own.code, own.stdout]).toEqual([
        command.name,
        0,
        expect.stringMatching(new RegExp(`^usage: .*\\b${command.name}\\b`)),
      ]);
    }
  });

  it("report: a drift check that is not JSON fails with exit code 1 naming the file, a missing --out with 2", async () => {
    const { mkdtemp, writeFile } = await import("node:fs/promises");
    const dir = await mkdtemp(path.join(tmpdir(), "report-bin-"));
    await writeFile(path.join(dir, "stack.json"), '{"steps": [');
    const broken = await run([
      "report",
      "--drift",
      path.join(dir, "stack.json"),
      "--out",
      path.join(dir, "out"),
    ]);
    expect([broken.code, broken.stderr]).toEqual([
      1,
      expect.stringMatching(
        /^pulumi-idgov report: failed, nothing written: --drift .*stack\.json: not JSON: /,
      ),
    ]);
    const usage = await run(["report", "--drift", path.join(dir, "stack.json")]);
    expect([usage.code, usage.stderr]).toEqual([2, expect.stringContaining("--out DIR is required")]);
  });

  it("refuses a secret on the command line and an unknown command, with exit code 2", async () => {
    const secret = await run(["export", "--out", "x", "--client-secret", "s3cr3t"]);
    expect([secret.code, secret.stderr]).toEqual([
      2,
      expect.stringContaining(
        "--client-secret: never put a secret on the command line; set IDGOV_CLIENT_SECRET",
      ),
    ]);
    expect(secret.stderr).not.toContain("s3cr3t");
    expect((await run(["import"])).code).toBe(2);
  });

  it.each([["export", "--out", "never-written"], ["audit"]])(
    "%s, with no setting anywhere, names the missing one, its flag, key and variable, and the order read",
    async (...args) => {
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !name.startsWith("IDGOV_")),
      );
      const result = await runCommand(process.execPath, [BIN, ...args], { cwd: tmpdir(), env });
      expect(result.code).toBe(1);
      for (const words of [
        "idgov:baseUrl is not set",
        "pulumi config set idgov:baseUrl <url>",
        "IDGOV_BASE_URL",
        "idgov:baseUrl can also be given as --base-url",
        "settings are read from flags, then the current stack's config",
      ])
        expect(result.stderr).toContain(words);
    },
  );

  it("starts the bundled emulator, which answers until stopped", async () => {
    const child = spawn(process.execPath, [BIN, "emulator", "--port", "0", "--quiet"], { stdio: "pipe" });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        const match = /emulator listening on (\S+)/.exec(chunk.toString());
        if (match) resolve(match[1]!);
      });
      child.once("exit", (code) => reject(new Error(`emulator exited with ${code}`)));
    });
    expect((await fetch(`${url}/__emulator/requests`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
