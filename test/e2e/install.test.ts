import { spawn } from "node:child_process";
import { access, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { expectSuccess, runCommand } from "../../testkit/command";
import { REPO_ROOT } from "../../testkit/pulumiCli";

/** One way the README tells a user to install the package before it is on the registry. */
interface InstallForm {
  readonly name: string;
  /** Prepares what to install in `dir`; answers the `npm install` argument and the spec an export must write. */
  prepare(dir: string, project: string): Promise<{ argument: string; spec: string }>;
}

/** The `@pulumi/pulumi` the package is developed against: installed beside it, as the README says. */
async function pulumiSdk(): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  return `@pulumi/pulumi@${manifest.devDependencies["@pulumi/pulumi"]}`;
}

const FORMS: InstallForm[] = [
  {
    // npm clones the commit, installs its dependencies, runs `prepare` (which builds `dist/`) and packs it. The clone
    // is of this checkout's HEAD (the committed code, as CI's fresh clone has it).
    name: "a git URL",
    async prepare(dir) {
      const clone = path.join(dir, "clone");
      const env = process.env;
      expectSuccess(
        await runCommand("git", ["clone", "--quiet", "--no-hardlinks", REPO_ROOT, clone], { cwd: dir, env }),
      );
      const head = expectSuccess(
        await runCommand("git", ["rev-parse", "HEAD"], { cwd: clone, env }),
      ).stdout.trim();
      return { argument: `git+file://${clone}`, spec: `git+file://${clone}#${head}` };
    },
  },
  {
    // The tarball `npm pack` made, copied beside the project as a user downloads it: `npm install ./<tarball>`.
    name: "a packed tarball",
    async prepare(_dir, project) {
      const tarball = inject("packageTarball");
      await copyFile(tarball, path.join(project, path.basename(tarball)));
      return {
        argument: `./${path.basename(tarball)}`,
        spec: `file:${path.join(project, path.basename(tarball))}`,
      };
    },
  },
];

describe.each(FORMS)("installed from $name", (form) => {
  let dir = "";
  let project = "";
  let installed = "";
  let expectedSpec = "";

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-install-"));
    project = path.join(dir, "project");
    await mkdir(project);
    await writeFile(
      path.join(project, "package.json"),
      JSON.stringify({ name: "user-project", version: "1.0.0", private: true }),
    );
    const { argument, spec } = await form.prepare(dir, project);
    expectedSpec = spec;
    const pulumi = await pulumiSdk();
    expectSuccess(
      await runCommand(
        "npm",
        ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", argument, pulumi],
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

  it("exports a program whose package.json installs pulumi-idgov the same way", async () => {
    let emulator: RunningEmulator | undefined;
    try {
      emulator = await startEmulator({ quiet: true });
      const env = {
        ...process.env,
        IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
        IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret,
      };
      const args = ["--no-install", "pulumi-idgov", "export", "--out", "tenant", "--base-url", emulator.url];
      expectSuccess(await runCommand("npx", args, { cwd: project, env }));
    } finally {
      await emulator?.close();
    }
    const written = JSON.parse(await readFile(path.join(project, "tenant", "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(written.dependencies["pulumi-idgov"]).toBe(expectedSpec);
  });
});
