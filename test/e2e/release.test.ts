import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import {
  chmod,
  copyFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS, requestToken } from "../../emulator/testing";
import { outOfBand } from "../../testkit/emulatorApi";
import { type CommandResult, expectSuccess, runCommand, transcriptOf } from "../../testkit/command";
import { executableHeader } from "../../testkit/executableHeader";
import { REPO_ROOT } from "../../testkit/pulumiCli";
import { type FileServer, serveFiles } from "./release/fileServer";
import { checkJavaExamples } from "./sdk/referenceExamples";
import { checkFleetOnNewRunners } from "./release/fleetRun";
import { type NewMachine, newMachine } from "./release/newMachine";
import { LANGUAGE_TOOLS, noNodePath } from "./release/noNodePath";
import { startPluginEmulator } from "./release/pluginEmulator";
import {
  displayName,
  goProgram,
  javaExample,
  PYTHON_PROGRAM,
  TYPESCRIPT_PROGRAM,
  YAML_PROGRAM,
  yamlProgramFetchingPlugin,
} from "./release/programs";
import { goModuleVersion, packageVersion, pythonVersion } from "../../provider/version";
import { cacheRoot } from "../../scripts/release/sdks";

const version = packageVersion();
const GO_MODULE = "github.com/pulumi-idgov/pulumi-idgov/sdk/go";
const platform = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
const archive = `pulumi-resource-idgov-v${version}-${platform}.tar.gz`;
/**
 * The release page's port when free: the SDKs name the download URL, so a fixed one keeps them the same bytes from
 * run to run, and Go's build cache keeps the Go SDK compiled (37 s of CPU). Below Linux's ephemeral ports.
 */
const RELEASE_PORT = 28417;
/** Debian's qemu-user-static and arm64 C libraries (`.ci/run` installs both when missing): another CPU's executable run. */
const QEMU_AARCH64 = "/usr/bin/qemu-aarch64-static";
const AARCH64_LIBS = "/usr/aarch64-linux-gnu";
const NPM_QUIET = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];

/**
 * `npm run release -- --download-url <a local server>` and what a new machine does with it: the release served
 * over HTTP, a fresh PULUMI_HOME per program, no plugin on PATH, automatic plugin acquisition on.
 */
describe("a release, installed from its download URL as on a new machine", () => {
  let root = "";
  let releaseDir = "";
  let server: FileServer;
  let emulator: RunningEmulator;
  let machines = 0;
  const binDir = () => inject("pulumiBinDir");
  const machine = (files: Record<string, string>) =>
    newMachine(path.join(root, `machine-${++machines}`), binDir(), files, emulator);
  const fetchesOfArchive = () => server.requests.filter((line) => line === `GET /${archive} 200`).length;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-e2e-release-"));
    releaseDir = path.join(root, "release");
    server = await serveFiles(releaseDir, RELEASE_PORT);
    emulator = await startEmulator({ quiet: true });
    const tsx = path.join(REPO_ROOT, "node_modules", ".bin", "tsx");
    const args = ["scripts/release/main.ts", "--download-url", server.url, "--out", releaseDir];
    expectSuccess(await runCommand(tsx, args, { cwd: REPO_ROOT, env: process.env, timeoutMs: 600_000 }));
  });
  afterAll(async () => {
    // Go writes its module cache read-only.
    if (root) await runCommand("chmod", ["-R", "u+w", root], { cwd: tmpdir(), env: process.env });
    await server?.close();
    await emulator?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** up creates the app (the plugin never announced from PATH), then destroy deletes it. */
  async function upAndDestroy(
    project: NewMachine,
    language: string,
    name = displayName(language),
  ): Promise<void> {
    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(up.stdout + up.stderr).not.toMatch(/using pulumi-resource-idgov from \$PATH/);
    const appId = String((await project.stack.outputs()).portalId);
    expect(await outOfBand(emulator, "GET", `/api/v1/apps/${appId}`)).toMatchObject({
      app: { displayName: name },
    });
    await expectDriftShown(project, appId);
    const destroy = await project.stack.destroy();
    expect(destroy.code, transcriptOf(destroy)).toBe(0);
    await expect(outOfBand(emulator, "GET", `/api/v1/apps/${appId}`)).rejects.toThrow(/404/);
  }

  /** A clean drift check, then a hand edit of the app shown as drift (exit 7). */
  async function expectDriftShown(project: NewMachine, appId: string): Promise<void> {
    const clean = await project.stack.driftCheck();
    expect(clean.code, transcriptOf(clean)).toBe(0);
    await outOfBand(emulator, "POST", `/api/v1/apps/${appId}`, {
      app: { displayName: "Renamed by hand" },
      updateMask: "displayName",
    });
    const drift = await project.stack.driftCheck();
    expect(drift.code, transcriptOf(drift)).toBe(7);
    expect(drift.stdout).toMatch(/idgov:index:App \S+ update \[diff: ~displayName\]/);
  }

  /** Puts `project` on a runner with the Pulumi CLI and `language`'s tools, and no Node.js. */
  async function withoutNode(project: NewMachine, language: keyof typeof LANGUAGE_TOOLS): Promise<void> {
    const dir = path.join(project.projectDir, "..", `no-node-${language}-${machines}`);
    project.env.PATH = await noNodePath(dir, binDir(), LANGUAGE_TOOLS[language], project.env.PATH);
  }

  it("writes every artifact at package.json's version, with checksums that verify", async () => {
    const files = await readdir(releaseDir);
    for (const os of ["linux", "darwin", "windows"]) {
      for (const arch of ["amd64", "arm64"])
        expect(files).toContain(`pulumi-resource-idgov-v${version}-${os}-${arch}.tar.gz`);
    }
    expect(files).toEqual(
      expect.arrayContaining([
        `pulumi-idgov-${version}.tgz`,
        `pulumi-idgov-idgov-${version}.tgz`,
        `pulumi_idgov-${pythonVersion(version)}-py3-none-any.whl`,
        `pulumi_idgov-${pythonVersion(version)}.tar.gz`,
        "SHA256SUMS",
        "sbom.cdx.json",
        "RELEASE_NOTES.md",
        "schema.json",
      ]),
    );
    const maven = path.join(releaseDir, "maven", "com", "pulumiidgov", "idgov", version);
    expect((await readdir(maven)).filter((file) => /\.(jar|pom)$/.test(file)).sort()).toEqual([
      `idgov-${version}-javadoc.jar`,
      `idgov-${version}-sources.jar`,
      `idgov-${version}.jar`,
      `idgov-${version}.pom`,
    ]);
    expect(await readFile(path.join(releaseDir, "SHA256SUMS"), "utf8")).toContain(
      `  maven/com/pulumiidgov/idgov/${version}/idgov-${version}.jar\n`,
    );
    const javaSbom = JSON.parse(await readFile(path.join(releaseDir, "sbom-java.cdx.json"), "utf8")) as {
      metadata: { component: { purl: string } };
      components: { purl: string }[];
    };
    expect(javaSbom.metadata.component.purl).toBe(`pkg:maven/com.pulumiidgov/idgov@${version}`);
    expect(javaSbom.components.map((component) => component.purl)).toContain(
      "pkg:maven/com.pulumi/pulumi@1.12.0",
    );
    const proxy = path.join(releaseDir, "goproxy", GO_MODULE, "@v");
    expect(await readFile(path.join(proxy, "list"), "utf8")).toBe(`${goModuleVersion(version)}\n`);
    expect(
      execFileSync("sha256sum", ["--check", "--strict", "SHA256SUMS"], { cwd: releaseDir, encoding: "utf8" }),
    ).not.toMatch(/FAILED/);
    // The npm package's manifest has no prepare script (it builds a clone; npm would only warn of it on install).
    const manifest = JSON.parse(
      execFileSync("tar", ["-xOzf", `pulumi-idgov-${version}.tgz`, "package/package.json"], {
        cwd: releaseDir,
        encoding: "utf8",
      }),
    ) as { scripts?: Record<string, string> };
    expect(manifest.scripts?.prepare).toBeUndefined();
    // A user who downloaded one archive and SHA256SUMS checks it as docs/guides/releasing.md writes.
    const downloads = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-download-"));
    const archive = `pulumi-resource-idgov-v${version}-linux-amd64.tar.gz`;
    for (const file of ["SHA256SUMS", archive])
      await copyFile(path.join(releaseDir, file), path.join(downloads, file));
    expect(
      execFileSync("sha256sum", ["--check", "--ignore-missing", "SHA256SUMS"], {
        cwd: downloads,
        encoding: "utf8",
      }),
    ).toBe(`${archive}: OK\n`);
    await rm(downloads, { recursive: true, force: true });
    const schema = JSON.parse(await readFile(path.join(releaseDir, "schema.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(schema).toMatchObject({ version, pluginDownloadURL: server.url });
    const sbom = JSON.parse(await readFile(path.join(releaseDir, "sbom.cdx.json"), "utf8")) as {
      components: { name: string }[];
    };
    expect(sbom.components.map((component) => component.name)).toEqual(
      expect.arrayContaining(["@grpc/grpc-js", "undici", "zod"]),
    );
    // The notes: the version's heading, what CHANGELOG holds under [Unreleased] (changes since the last cut), then the
    // version's own section; a build between releases has none of its own, so its notes end with [Unreleased].
    const notes = await readFile(path.join(releaseDir, "RELEASE_NOTES.md"), "utf8");
    expect(notes.startsWith(`# pulumi-idgov ${version}\n\n`)).toBe(true);
    const changelog = await readFile(path.join(REPO_ROOT, "CHANGELOG.md"), "utf8");
    const heading = changelog.includes(`## [${version}]`) ? `## [${version}]` : "## [Unreleased]";
    const section = changelog
      .split(heading)[1]!
      .replace(/^[^\n]*\n/, "")
      .split("\n## ")[0]!
      .trim();
    expect(notes.trimEnd().endsWith(section)).toBe(true);
  });

  it("every archive holds the executable of its own platform, runnable, and the macOS ones signed ad hoc", async () => {
    const seen: string[] = [];
    for (const os of ["linux", "darwin", "windows"] as const)
      for (const arch of ["amd64", "arm64"] as const) {
        const name = os === "windows" ? "pulumi-resource-idgov.exe" : "pulumi-resource-idgov";
        const file = path.join(releaseDir, `pulumi-resource-idgov-v${version}-${os}-${arch}.tar.gz`);
        const listing = execFileSync("tar", ["-tvzf", file], { encoding: "utf8" });
        expect(listing, `${os}-${arch}`).toMatch(
          new RegExp(`^-rwxr-xr-x .* ${name.replace(".", "\\.")}$`, "m"),
        );
        const header = executableHeader(execFileSync("tar", ["-xOzf", file, name], { maxBuffer: 1 << 30 }));
        const format = { linux: "ELF", darwin: "Mach-O", windows: "PE" }[os];
        expect(header, `${os}-${arch}`).toEqual({
          format,
          arch,
          ...(os === "darwin" ? { signature: "ad hoc" } : {}),
        });
        seen.push(`${os}-${arch}`);
      }
    expect(seen).toHaveLength(6);
  });

  it("the linux-arm64 archive's executable runs too, under qemu-user, with no Node.js on PATH", async () => {
    const unpacked = path.join(root, "unpacked-linux-arm64");
    await mkdir(unpacked, { recursive: true });
    const file = path.join(releaseDir, `pulumi-resource-idgov-v${version}-linux-arm64.tar.gz`);
    execFileSync("tar", ["-xzf", file, "-C", unpacked]);
    const onArm64 = (args: string[]) =>
      runCommand(QEMU_AARCH64, ["-L", AARCH64_LIBS, path.join(unpacked, "pulumi-resource-idgov"), ...args], {
        cwd: root,
        env: { PATH: path.join(root, "nothing") },
      });
    const schema = await onArm64(["schema"]);
    expect(schema.code, transcriptOf(schema)).toBe(0);
    expect(JSON.parse(schema.stdout)).toMatchObject({ name: "idgov", version });
    const started = await onArm64(["127.0.0.1:1"]);
    expect(started.code).toBe(1);
    expect(started.stderr).toMatch(
      /^pulumi-resource-idgov: cannot reach the Pulumi engine at 127\.0\.0\.1:1 /,
    );
  });

  it("the archive's executable runs with no Node.js on PATH and says in one line that its engine is unreachable", async () => {
    const unpacked = path.join(root, "unpacked");
    await mkdir(unpacked, { recursive: true });
    execFileSync("tar", ["-xzf", path.join(releaseDir, archive), "-C", unpacked]);
    expect((await readdir(unpacked)).sort()).toEqual(
      [
        "LICENSE",
        "THIRD_PARTY_NOTICES.md",
        "package.json",
        "pulumi-idgov.js",
        "pulumi-resource-idgov",
      ].sort(),
    );
    const nothing = { PATH: path.join(root, "nothing") };
    const started = await runCommand(path.join(unpacked, "pulumi-resource-idgov"), ["127.0.0.1:1"], {
      cwd: root,
      env: nothing,
    });
    expect(started.code).toBe(1);
    expect(started.stdout).toBe("");
    expect(started.stderr).toMatch(
      /^pulumi-resource-idgov: cannot reach the Pulumi engine at 127\.0\.0\.1:1 [^\n]+\n$/,
    );
    // The commands' file beside it, run by the executable's own runtime.
    const schema = await runCommand(path.join(unpacked, "pulumi-resource-idgov"), ["schema"], {
      cwd: root,
      env: nothing,
    });
    expect(schema.code, transcriptOf(schema)).toBe(0);
    expect(JSON.parse(schema.stdout)).toMatchObject({ name: "idgov", version });
  });

  it("a truncated archive fails pulumi plugin install, a tampered one its checksum, each in one clear line", async () => {
    const project = await machine(YAML_PROGRAM);
    const good = await readFile(path.join(releaseDir, archive));
    const sum = (await readFile(path.join(releaseDir, "SHA256SUMS"), "utf8"))
      .split("\n")
      .find((line) => line.endsWith(`  ${archive}`))!
      .split(" ")[0]!;
    const badDir = path.join(root, "bad-release");
    await mkdir(badDir, { recursive: true });
    const badServer = await serveFiles(badDir);
    try {
      const install = (...flags: string[]) =>
        project.stack.run([
          "plugin",
          "install",
          "resource",
          "idgov",
          version,
          "--server",
          badServer.url,
          ...flags,
        ]);
      await writeFile(path.join(badDir, archive), good.subarray(0, Math.floor(good.length / 2)));
      const truncated = await install();
      expect(truncated.code, transcriptOf(truncated)).not.toBe(0);
      expect(truncated.stderr).toMatch(/^error: .*(unexpected EOF|gzip|tar)/m);
      const tampered = Buffer.from(good);
      tampered.writeUInt8(tampered.readUInt8(tampered.length - 100) ^ 0xff, tampered.length - 100);
      await writeFile(path.join(badDir, archive), tampered);
      const mismatch = await install("--checksum", sum);
      expect(mismatch.code, transcriptOf(mismatch)).not.toBe(0);
      expect(mismatch.stderr).toMatch(/^error: .*checksum/im);
      expect(expectSuccess(await project.stack.run(["plugin", "ls"])).stdout).not.toMatch(/\bidgov\b/);
    } finally {
      await badServer.close();
    }
  });

  it("pulumi plugin install --server installs the plugin, plugin ls lists it, and a YAML program runs with it and no Node.js", async () => {
    const project = await machine(YAML_PROGRAM);
    await withoutNode(project, "yaml");
    const install = await project.stack.run([
      "plugin",
      "install",
      "resource",
      "idgov",
      version,
      "--server",
      server.url,
    ]);
    expect(install.code, transcriptOf(install)).toBe(0);
    expect(fetchesOfArchive()).toBe(1);
    const listed = expectSuccess(await project.stack.run(["plugin", "ls"])).stdout;
    expect(listed).toMatch(new RegExp(`idgov\\s+resource\\s+${version.replace(/[.+]/g, "\\$&")}`));

    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(up.stdout + up.stderr).not.toMatch(/using pulumi-resource-idgov from \$PATH/);
    await expectDriftShown(project, String((await project.stack.outputs()).portalId));
    expect((await project.stack.destroy()).code).toBe(0);
    expect(fetchesOfArchive()).toBe(1);
  });

  it("with no Node.js, the installed plugin runs the commands: pulumi plugin run --kind resource idgov -- export, audit, report, impact, emulator", async () => {
    const project = await machine(YAML_PROGRAM);
    await withoutNode(project, "yaml");
    // The plugin installed as a YAML team installs it (`pulumi plugin run` fetches only from Pulumi's own server).
    const before = fetchesOfArchive();
    const install = await project.stack.run([
      "plugin",
      "install",
      "resource",
      "idgov",
      version,
      "--server",
      server.url,
    ]);
    expect(install.code, transcriptOf(install)).toBe(0);
    const plugin = ["plugin", "run", "--kind", "resource", `idgov@${version}`, "--"];
    // As a user types it: no flag of the harness's after the plugin's arguments.
    const pulumi = (args: string[]) =>
      runCommand(path.join(binDir(), "pulumi"), args, { cwd: project.projectDir, env: project.env });
    const importFile = path.join(project.projectDir, "import.json");
    const exported = await pulumi([
      ...plugin,
      "export",
      "--format",
      "pulumi-import",
      "--kinds",
      "App",
      "--out",
      importFile,
    ]);
    expect(exported.code, transcriptOf(exported)).toBe(0);
    expect(fetchesOfArchive()).toBe(before + 1);
    expect(JSON.parse(await readFile(importFile, "utf8"))).toMatchObject({
      resources: expect.arrayContaining([{ type: "idgov:index:App", name: "github", id: "app-github" }]),
    });
    const audit = await pulumi([...plugin, "audit", "--stack", "dev", "--format", "json"]);
    // Exit code 4: the seeded tenant's objects are unmanaged by this empty stack.
    expect(audit.code, transcriptOf(audit)).toBe(4);
    // A stack with no resources yet is named as it was given.
    expect(JSON.parse(audit.stdout)).toMatchObject({ version: 1, stacks: ["dev"] });
    // The fleet's report, from a drift check the real CLI wrote and this audit.
    const auditFile = path.join(project.projectDir, "audit.json");
    await writeFile(auditFile, audit.stdout);
    const check = path.join(REPO_ROOT, "test/provider/cli/report/checks/hr-prod.json");
    const reportDir = path.join(project.projectDir, "report");
    const report = await pulumi([
      ...plugin,
      "report",
      "--drift",
      check,
      "--audit",
      auditFile,
      "--out",
      reportDir,
    ]);
    expect(report.code, transcriptOf(report)).toBe(0);
    expect((await readdir(reportDir)).sort()).toEqual([
      "junit.xml",
      "report.html",
      "report.json",
      "summary.md",
    ]);
    expect(await readFile(path.join(reportDir, "summary.md"), "utf8")).toContain("1 of 1 stack drifted");
    const preview = expectSuccess(await project.stack.runOnStack(["preview", "--json"]));
    const previewFile = path.join(project.projectDir, "preview.json");
    await writeFile(previewFile, preview.stdout);
    const impact = await pulumi([...plugin, "impact", "--preview", previewFile, "--format", "json"]);
    expect(impact.code, transcriptOf(impact)).toBe(0);
    // The plan creates an App: a creation touches nobody.
    expect(JSON.parse(impact.stdout)).toEqual({ threshold: null, crossed: false, impacts: [] });
    const served = await startPluginEmulator(
      path.join(binDir(), "pulumi"),
      [...plugin, "emulator", "--port", "0"],
      {
        cwd: project.projectDir,
        env: project.env,
      },
    );
    try {
      const token = (await requestToken(served.url)).body as { access_token: string };
      const github = await fetch(new URL("/api/v1/apps/app-github", served.url), {
        headers: { authorization: `Bearer ${token.access_token}` },
      });
      expect(github.status).toBe(200);
    } finally {
      served.stop();
    }
  });

  it("pulumi plugin install --file installs the plugin from the archive", async () => {
    const project = await machine(YAML_PROGRAM);
    const args = [
      "plugin",
      "install",
      "resource",
      "idgov",
      version,
      "--file",
      path.join(releaseDir, archive),
    ];
    expect((await project.stack.run(args)).code).toBe(0);
    expect(expectSuccess(await project.stack.run(["plugin", "ls"])).stdout).toContain(version);
  });

  it("the guide's YAML program, naming the version and pluginDownloadURL options, gets its plugin from the server", async () => {
    const project = await machine(yamlProgramFetchingPlugin(server.url, version));
    const before = fetchesOfArchive();
    await upAndDestroy(project, "YAML", "Portal");
    expect(fetchesOfArchive()).toBe(before + 1);
  });

  it("a fresh virtualenv pip-installs the wheel; the CLI fetches the plugin from the server on up, with no Node.js", async () => {
    const project = await machine(PYTHON_PROGRAM);
    await withoutNode(project, "python");
    await project.run("python3", ["-m", "venv", "venv"]);
    const wheel = path.join(releaseDir, `pulumi_idgov-${pythonVersion(version)}-py3-none-any.whl`);
    await project.run(path.join(project.projectDir, "venv", "bin", "pip"), [
      "install",
      "--quiet",
      "--disable-pip-version-check",
      wheel,
    ]);
    const before = fetchesOfArchive();
    await upAndDestroy(project, "Python");
    expect(fetchesOfArchive()).toBe(before + 1);
  });

  it("the fleet recipe, from one list, runs a YAML, a Python, a Go and a Java stack on new runners: setup on empty caches, drift (exit 7), the audit, the report", async () => {
    await checkFleetOnNewRunners({
      root,
      releaseDir,
      server,
      emulator,
      binDir: binDir(),
      version,
      goModule: GO_MODULE,
    });
  });

  it("a fresh folder npm-installs the SDK tarball; the TypeScript program gets its plugin and runs", async () => {
    const project = await machine(TYPESCRIPT_PROGRAM);
    const sdk = path.join(releaseDir, `pulumi-idgov-idgov-${version}.tgz`);
    const tools = ["@pulumi/pulumi@3.248.0", "typescript@~5.9.3", "ts-node@^10.9.2", "@types/node@^20.19.0"];
    await project.run("npm", ["install", ...NPM_QUIET, sdk, ...tools]);
    const before = fetchesOfArchive();
    await upAndDestroy(project, "TypeScript");
    expect(fetchesOfArchive()).toBe(before + 1);
  });

  it("examples/java builds with Maven from the release's repository, runs with no Node.js, catches drift (exit 7) and is fixed", async () => {
    const repository = new URL(`file://${path.join(releaseDir, "maven")}`).href;
    const example = await javaExample(repository, version);
    const project = await machine(example);
    await withoutNode(project, "java");
    // A new machine's Maven: a local repository without the SDK, so it can only come from the release's. The
    // artifacts of Maven Central the release's own build downloaded are copied in, not downloaded again.
    const localRepository = path.join(root, "m2-new-machine");
    await cp(path.join(cacheRoot(), "m2"), localRepository, {
      recursive: true,
      filter: (file) => !file.includes(`${path.sep}com${path.sep}pulumiidgov`),
    });
    expect(existsSync(path.join(localRepository, "com", "pulumiidgov"))).toBe(false);
    project.env.MAVEN_OPTS = `-Dmaven.repo.local=${localRepository}`;
    await project.run("mvn", ["-B", "-q", "--no-transfer-progress", "compile"]);
    const jar = (dir: string) =>
      readFile(path.join(dir, "com", "pulumiidgov", "idgov", version, `idgov-${version}.jar`));
    expect((await jar(localRepository)).equals(await jar(path.join(releaseDir, "maven")))).toBe(true);
    const sessionSettings = async () => {
      const { sessionSettings: settings } = (await outOfBand(
        emulator,
        "GET",
        "/api/v1/settings/session",
      )) as {
        sessionSettings: Record<string, unknown>;
      };
      const { updatedAt: _written, ...values } = settings;
      return values;
    };
    const sessionBefore = await sessionSettings();
    const before = fetchesOfArchive();
    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(fetchesOfArchive()).toBe(before + 1);
    const outputs = await project.stack.outputs();
    expect(outputs.lookedUpDisplayName).toBe("Portal (Java)");
    // The TenantBaseline component's standard, on the program's own provider instance.
    expect(outputs.sessionLength).toBe("28800s");
    expect(await sessionSettings()).toMatchObject({
      maxSessionLength: "28800s",
      ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16", "2001:db8:20::/48"] },
    });
    const stamps = (type: string, name: string) => ({
      team: "iam",
      managed_by: "pulumi",
      iac_workspace: "organization/idgov-java/dev",
      iac_resource_address: `urn:pulumi:dev::idgov-java::${type}::${name}`,
      iac_tool_version: `pulumi-idgov/${version}`,
    });
    const live = {
      app: `/api/v1/apps/${String(outputs.portalId)}`,
      catalog: `/api/v1/catalogs/${String(outputs.catalogId)}`,
      automation: `/api/v1/automations/${String(outputs.welcomeId)}`,
    };
    expect(await outOfBand(emulator, "GET", live.app)).toMatchObject({
      app: { displayName: "Portal (Java)", annotations: stamps("idgov:index:App", "portal") },
    });
    expect(await outOfBand(emulator, "GET", live.catalog)).toMatchObject({
      requestCatalogView: {
        requestCatalog: { annotations: stamps("idgov:index:RequestCatalog", "portal-catalog") },
      },
    });
    expect(await outOfBand(emulator, "GET", live.automation)).toMatchObject({
      automation: {
        appId: outputs.portalId,
        annotations: stamps("idgov:index:Automation", "portal-welcome"),
      },
    });

    // The GovernedApp, built by the plugin on the program's explicit provider: its App is an ordinary resource under it.
    const payrollApp = `/api/v1/apps/${String(outputs.payrollAppId)}`;
    expect(await outOfBand(emulator, "GET", payrollApp)).toMatchObject({
      app: {
        displayName: "Payroll (Java)",
        annotations: {
          ...stamps("idgov:index:GovernedApp$idgov:index:App", "payroll-app"),
          team: "finance",
        },
      },
    });

    const cleanBefore = await project.stack.driftCheck();
    expect(cleanBefore.code, transcriptOf(cleanBefore)).toBe(0);
    for (const app of [live.app, payrollApp]) {
      await outOfBand(emulator, "POST", app, {
        app: { displayName: "Renamed by hand" },
        updateMask: "displayName",
      });
    }
    const drift = await project.stack.driftCheck();
    expect(drift.code, transcriptOf(drift)).toBe(7);
    expect(drift.stdout).toContain("idgov:index:App portal update [diff: ~displayName]");
    expect(drift.stdout).toContain("idgov:index:App payroll-app update [diff: ~displayName]");
    expect((await project.stack.up("--refresh")).code).toBe(0);
    const clean = await project.stack.preview("--expect-no-changes");
    expect(clean.code, transcriptOf(clean)).toBe(0);

    // pulumi import writes Java: the Java language host generates the declaration of an object made by hand.
    const imported = await project.stack.runOnStack([
      "import",
      "idgov:index:App",
      "github",
      "app-github",
      "--yes",
    ]);
    expect(imported.code, transcriptOf(imported)).toBe(0);
    expect(imported.stdout).toMatch(/new App\("github", AppArgs\.builder\(\)/);
    const urn = "urn:pulumi:dev::idgov-java::idgov:index:App::github";
    expect((await project.stack.runOnStack(["state", "unprotect", urn, "--yes"])).code).toBe(0);
    expect((await project.stack.runOnStack(["state", "delete", urn, "--yes"])).code).toBe(0);

    // Every Java example of the reference pages and guides compiles against the SDK as released.
    expect(await checkJavaExamples(root, project.env, example["pom.xml"]!)).toBeGreaterThanOrEqual(26);

    expect((await project.stack.destroy()).code).toBe(0);
    for (const object of Object.values(live))
      await expect(outOfBand(emulator, "GET", object)).rejects.toThrow(/404/);
    expect(await sessionSettings()).toEqual(sessionBefore);
  });

  it("a Go program resolves the SDK module from the release's file proxy and runs with no Node.js", async () => {
    const project = await machine(goProgram(GO_MODULE, version));
    await withoutNode(project, "go");
    const [goproxy, modcache] = execFileSync("go", ["env", "GOPROXY", "GOMODCACHE"], { encoding: "utf8" })
      .trim()
      .split("\n");
    // A module cache of its own (an earlier release of this version may sit in the machine's, with another URL);
    // the machine's cache serves the other modules as a file proxy, so nothing is downloaded twice.
    Object.assign(project.env, {
      GOMODCACHE: path.join(root, "gomodcache"),
      GOPROXY: `file://${path.join(releaseDir, "goproxy")},file://${modcache}/cache/download,${goproxy}`,
      GONOSUMDB: "github.com/pulumi-idgov",
      GOFLAGS: "-mod=mod",
      GOTOOLCHAIN: "local",
    });
    await project.run("go", ["mod", "tidy"]);
    expect(await readFile(path.join(project.projectDir, "go.sum"), "utf8")).toContain(
      `${GO_MODULE} ${goModuleVersion(version)} h1:`,
    );
    // The Go host finds the plugin in the module (go list -m -json all): `pulumi plugin install` fetches it.
    const before = fetchesOfArchive();
    const install = await project.stack.run(["plugin", "install"]);
    expect(install.code, transcriptOf(install)).toBe(0);
    expect(fetchesOfArchive()).toBe(before + 1);
    await upAndDestroy(project, "Go");
    expect(fetchesOfArchive()).toBe(before + 1);
  });
});
