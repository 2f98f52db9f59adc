import { spawn } from "node:child_process";
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSuccess, runCommand } from "./harness/command";
import { REPO_ROOT } from "./harness/pulumiCli";

/**
 * `npm install git+file://…` the way a user installs from the repository: npm clones the commit, installs its
 * dependencies, runs `prepare` (which builds `dist/`) and packs it. The clone is of this checkout's HEAD (the
 * committed code, as CI's fresh clone has it).
 */
describe("installed from a git URL", () => {
  let dir = "";
  let project = "";
  let installed = "";

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-git-install-"));
    const clone = path.join(dir, "clone");
    project = path.join(dir, "project");
    expectSuccess(
      await runCommand("git", ["clone", "--quiet", "--no-hardlinks", REPO_ROOT, clone], {
        cwd: dir,
        env: process.env,
      }),
    );
    await mkdir(project);
    await writeFile(
      path.join(project, "package.json"),
      JSON.stringify({ name: "user-project", version: "1.0.0", private: true }),
    );
    expectSuccess(
      await runCommand(
        "npm",
        ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", `git+file://${clone}`],
        { cwd: project, env: process.env, timeoutMs: 5 * 60_000 },
      ),
    );
    installed = path.join(project, "node_modules", "pulumi-idgov");
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("is built: dist/ holds the entry points package.json names", async () => {
    const manifest = JSON.parse(await readFile(path.join(installed, "package.json"), "utf8")) as {
      main: string;
      types: string;
      bin: Record<string, string>;
    };
    for (const file of [manifest.main, manifest.types, manifest.bin["pulumi-idgov"] as string]) {
      await expect(access(path.join(installed, file))).resolves.toBeUndefined();
    }
  });

  it("exports the resource classes to require()", async () => {
    const script =
      'const m = require("pulumi-idgov"); console.log(Object.keys(m).filter((k) => typeof m[k] === "function").join(","))';
    const result = expectSuccess(
      await runCommand(process.execPath, ["-e", script], { cwd: project, env: process.env }),
    );
    const exported = result.stdout.trim().split(",");
    for (const kind of [
      "App",
      "RequestCatalog",
      "Automation",
      "AuthConfig",
      "AppResource",
      "AccessReviewScope",
      "SsoSettings",
      "SessionSettings",
      "XaaSettings",
    ]) {
      expect(exported).toContain(kind);
    }
  });

  it("starts the emulator with `npx pulumi-idgov emulator --port 0`, which answers until stopped", async () => {
    // Its own process group, so that stopping it stops npx and the emulator it started.
    const child = spawn("npx", ["--no-install", "pulumi-idgov", "emulator", "--port", "0"], {
      cwd: project,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          const match = /emulator listening on (\S+)/.exec(chunk.toString());
          if (match) resolve(match[1] as string);
        });
        child.once("exit", (code) => reject(new Error(`npx pulumi-idgov emulator exited with ${code}`)));
      });
      expect((await fetch(`${url}/__emulator/requests`)).status).toBe(200);
    } finally {
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
    }
  });
});
