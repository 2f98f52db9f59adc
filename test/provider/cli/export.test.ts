import { mkdir, mkdtemp, readFile, readdir, realpath, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runExport } from "../../../provider/cli/export/command";
import { type ExportOptions, parseExportArguments } from "../../../provider/cli/export/options";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { ApiSession, DEFAULT_CREDENTIALS } from "../../../emulator/testing";
import { apiRequests, clearRequests, setFaults } from "../../../testkit/emulatorApi";

/** This checkout: the tests run its sources. */
const REPO_ROOT = path.resolve(__dirname, "../../..");

let emulator: RunningEmulator;
let workDir: string;
let runs = 0;

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  workDir = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-export-"));
});
afterAll(async () => {
  await emulator.close();
  await rm(workDir, { recursive: true, force: true });
});
afterEach(() => setFaults(emulator, {}));

/** Exports the emulator's tenant with the given flags (plus `--out`); answers the files and the stderr lines. */
async function exportWith(flags: string[], settings: Record<string, string> = {}) {
  const out = path.join(workDir, `run-${(runs += 1)}`);
  const parsed = parseExportArguments(["--out", out, ...flags]) as ExportOptions;
  const config: Record<string, string> = {
    "idgov:baseUrl": emulator.url,
    "idgov:clientId": DEFAULT_CREDENTIALS.clientId,
    "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret,
    ...settings,
  };
  const lines: string[] = [];
  const options = { ...parsed, config: { get: (key: string) => config[key] } };
  await runExport(options, (line) => lines.push(line));
  const names = await readdir(out);
  const files = Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readFile(path.join(out, name), "utf8")])),
  ) as Record<string, string>;
  return {
    out,
    files,
    lines,
    program: Object.entries(files)
      .filter(([n]) => n.endsWith(".ts"))
      .map(([, t]) => t)
      .join("\n"),
  };
}

describe("pulumi-idgov export against the emulator", () => {
  it("reads paged lists whole and reports each kind and a summary on stderr", async () => {
    const session = new ApiSession(emulator.url);
    for (let index = 0; index < 120; index += 1) {
      const created = await session.post("/api/v1/apps", {
        displayName: `Paged app ${String(index).padStart(3, "0")}`,
      });
      expect(created.status).toBe(200);
    }
    await clearRequests(emulator);
    const { lines, program } = await exportWith(["--kinds", "App"]);
    expect(lines).toEqual([
      "export: App: 126 read",
      expect.stringMatching(/^export: wrote 126 resources \(App 126\) to .*run-\d+$/),
    ]);
    expect(program).toContain('new App("paged-app-119", {');
    const pages = (await apiRequests(emulator)).filter((call) => call.path === "/api/v1/apps");
    expect(pages.map((call) => call.query?.page_size)).toEqual(["100", "100"]);
  });

  it("narrows to one app with --app and leaves tenant-wide kinds to --kinds", async () => {
    const { files, program } = await exportWith([
      "--kinds",
      "app,automation,requestcatalog",
      "--app",
      "app-aws",
    ]);
    expect(program).toContain('adoptId: "app-aws"');
    expect(program).not.toContain('adoptId: "app-github"');
    expect(program).toContain('adoptId: "auto-unused-access-cleanup"');
    expect(program).not.toContain('adoptId: "auto-leaver-offboarding"');
    expect(program).toContain('{ appId: awsProduction.id, id: "ent-aws-billing" }');
    expect(Object.keys(files).sort()).toEqual([
      "Pulumi.yaml",
      "README.md",
      "index.ts",
      "package.json",
      "tsconfig.json",
    ]);
  });

  it("picks objects by id with --id, of whatever kind, repeated or comma-separated", async () => {
    const { program } = await exportWith([
      "--id",
      "app-aws,auto-unused-access-cleanup",
      "--id",
      "app-github",
    ]);
    expect(program).toContain('adoptId: "app-aws"');
    expect(program).toContain('adoptId: "app-github"');
    expect(program).toContain('adoptId: "auto-unused-access-cleanup"');
    expect(program).not.toContain('adoptId: "auto-leaver-offboarding"');
    expect(program.match(/ = new [A-Za-z]+\(/g)).toHaveLength(3);
    expect(() => parseExportArguments(["--out", "x", "--id", "app-aws,"])).toThrow(
      '--id: "app-aws," names an empty id (write ID or ID,ID)',
    );
  });

  it("leaves out what another tool manages, and declares it with allowTakeover commented out when asked", async () => {
    const without = await exportWith(["--kinds", "Automation"]);
    expect(without.program).not.toContain('adoptId: "auto-joiner-onboarding"');
    expect(without.files["README.md"]).toContain(
      '- `Automation` `auto-joiner-onboarding` (Joiner onboarding): managed_by is "console"',
    );
    const withManaged = await exportWith(["--kinds", "Automation", "--include-managed"]);
    expect(withManaged.program).toMatch(
      /\/\/ Managed elsewhere \(managed_by is "console"\): uncomment allowTakeover to take it over\.\nconst joinerOnboarding = new Automation\("joiner-onboarding", \{\n {2}adoptId: "auto-joiner-onboarding",[^]*?\n {2}\/\/ allowTakeover: true,\n\}, \{ protect: true \}\);/,
    );
  });

  it("declares every adopted object protected and says what destroy does; --no-protect leaves it out", async () => {
    const { program, files } = await exportWith(["--kinds", "App,SsoSettings"]);
    const declarations = program.match(/= new \w+\(/g) ?? [];
    expect(declarations.length).toBeGreaterThan(1);
    expect(program.match(/\}, \{ protect: true \}\);/g)).toHaveLength(declarations.length);
    const readme = files["README.md"]!;
    expect(readme).toContain("## Destroy deletes what was adopted");
    expect(readme).toContain("Every resource is declared with `protect: true`");
    expect(readme).toContain("replace `protect: true` with `retainOnDelete: true`");
    expect(readme).toContain("`pulumi state delete <urn>` (with `--force` while it is protected");

    const unprotected = await exportWith(["--kinds", "App,SsoSettings", "--no-protect"]);
    expect(unprotected.program).not.toContain("protect");
    expect(unprotected.program.match(/= new \w+\(/g)).toHaveLength(declarations.length);
    expect(unprotected.files["README.md"]).toContain(
      "The program was exported with `--no-protect`: `pulumi destroy`, or removing a declaration, **deletes every",
    );
  });

  it("names pulumi-idgov as it was installed: this checkout as a file: path, or --package-spec", async () => {
    const dependencyOf = (files: Record<string, string>) =>
      (JSON.parse(files["package.json"]!) as { dependencies: Record<string, string> }).dependencies[
        "pulumi-idgov"
      ];
    const fromCheckout = await exportWith(["--kinds", "SsoSettings"]);
    expect(dependencyOf(fromCheckout.files)).toBe(`file:${await realpath(REPO_ROOT)}`);
    const given = await exportWith([
      "--kinds",
      "SsoSettings",
      "--package-spec",
      "github:acme/pulumi-idgov#v0.1.0",
    ]);
    expect(dependencyOf(given.files)).toBe("github:acme/pulumi-idgov#v0.1.0");
  });

  it("never writes a client secret: it reads it from config, and the README lists the key", async () => {
    const { program, files } = await exportWith(["--kinds", "AuthConfig"]);
    expect(program).toContain('oidcClientSecret: config.requireSecret("generic-oidc-oidc-client-secret")');
    for (const secret of [
      "oidc-secret",
      "client-secret",
      "env-secret",
      "domain-a-secret",
      "domain-b-secret",
    ]) {
      expect(program).not.toContain(`"${secret}"`);
    }
    expect(files["README.md"]).toContain(
      "pulumi config set --secret generic-oidc-oidc-client-secret <value>",
    );
  });

  it("waits out the service's rate limits (429) and still writes everything", async () => {
    await setFaults(emulator, { rateLimitPerSecond: 4 });
    await clearRequests(emulator);
    const { lines } = await exportWith([], { "idgov:maxInFlight": "2" });
    expect(lines.at(-1)).toMatch(/^export: wrote \d+ resources/);
    const limited = (await apiRequests(emulator)).filter((call) => call.fault === "rateLimit");
    expect(limited.length).toBeGreaterThan(0);
  });

  it("fails naming the operation and the request id, and writes nothing", async () => {
    await setFaults(emulator, {
      script: [{ fault: "500", method: "GET", pathPrefix: "/api/v1/auth-configs", times: 5 }],
    });
    await clearRequests(emulator);
    const out = path.join(workDir, "failed");
    const parsed = parseExportArguments(["--out", out, "--kinds", "AuthConfig"]) as ExportOptions;
    const config: Record<string, string> = {
      "idgov:baseUrl": emulator.url,
      "idgov:clientId": DEFAULT_CREDENTIALS.clientId,
      "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret,
      "idgov:maxRetries": "0",
    };
    await expect(runExport({ ...parsed, config: { get: (key) => config[key] } }, () => {})).rejects.toThrow(
      /^export: list AuthConfig: 500 INTERNAL: .*\(request id [\w-]+\)$/,
    );
    await expect(stat(out)).rejects.toThrow(/ENOENT/);
  });
});

/** Runs export into `out` with `flags`; answers the error it failed with, or undefined. */
async function exportInto(out: string, flags: string[]): Promise<Error | undefined> {
  const parsed = parseExportArguments(["--out", out, ...flags]) as ExportOptions;
  const config: Record<string, string> = {
    "idgov:baseUrl": emulator.url,
    "idgov:clientId": DEFAULT_CREDENTIALS.clientId,
    "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret,
  };
  try {
    await runExport({ ...parsed, config: { get: (key) => config[key] } }, () => undefined);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/** Every file under `dir`, by relative path, as bytes. */
async function bytesOf(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir, { recursive: true })).sort();
  const entries = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      return (await stat(file)).isFile() ? [[name, (await readFile(file)).toString("base64")]] : [];
    }),
  );
  return Object.fromEntries(entries.flat());
}

describe("pulumi-idgov export never writes over a user's files", () => {
  const userFiles = {
    "index.ts": "// my own program, hand-written\nexport const x = 1;\n",
    "Pulumi.yaml": "name: mine\nruntime: nodejs\n",
    "notes/todo.md": "keep me\n",
  };
  async function folderOfUserFiles(): Promise<string> {
    const dir = path.join(workDir, `user-${(runs += 1)}`);
    for (const [name, text] of Object.entries(userFiles)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    return dir;
  }

  it("refuses a folder that holds files, naming them, before any request; every file keeps its bytes", async () => {
    const dir = await folderOfUserFiles();
    const before = await bytesOf(dir);
    await clearRequests(emulator);
    const error = await exportInto(dir, ["--kinds", "App"]);
    expect(error?.message).toBe(
      `--out ${dir} holds files (Pulumi.yaml, index.ts, notes): nothing was written; name a new or empty folder, ` +
        "or give --force to write the program's files over those of the same names",
    );
    expect(await bytesOf(dir)).toEqual(before);
    expect((await apiRequests(emulator)).filter((call) => call.path.startsWith("/api/"))).toEqual([]);
  });

  it("writes into it with --force, over the files of the same names only", async () => {
    const dir = await folderOfUserFiles();
    expect(await exportInto(dir, ["--kinds", "App", "--force"])).toBeUndefined();
    const after = await readFile(path.join(dir, "index.ts"), "utf8");
    expect(after).toContain("Written by `pulumi-idgov export`");
    expect(await readFile(path.join(dir, "notes/todo.md"), "utf8")).toBe(userFiles["notes/todo.md"]);
  });

  it("writes into an empty folder, and refuses a file where a folder is asked even with --force", async () => {
    const empty = path.join(workDir, `empty-${(runs += 1)}`);
    await mkdir(empty);
    expect(await exportInto(empty, ["--kinds", "App"])).toBeUndefined();
    const file = path.join(workDir, `a-file-${(runs += 1)}`);
    await writeFile(file, "mine");
    expect((await exportInto(file, ["--kinds", "App", "--force"]))?.message).toBe(
      `--out ${file} is a file, not a folder: nothing was written; name a new or empty folder`,
    );
    expect(await readFile(file, "utf8")).toBe("mine");
  });

  it("refuses an existing import file, naming it, unless --force", async () => {
    const file = path.join(workDir, `import-mine-${(runs += 1)}.json`);
    await writeFile(file, '{"resources": ["mine"]}');
    const flags = ["--format", "pulumi-import", "--kinds", "App"];
    expect((await exportInto(file, flags))?.message).toBe(
      `--out ${file} exists: nothing was written; name a new file, or give --force to write over it`,
    );
    expect(await readFile(file, "utf8")).toBe('{"resources": ["mine"]}');
    expect(await exportInto(file, [...flags, "--force"])).toBeUndefined();
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ resources: expect.any(Array) });
  });
});

describe("pulumi-idgov export --id", () => {
  it("fails naming each id no object has, and writes nothing", async () => {
    const out = path.join(workDir, `ids-${(runs += 1)}`);
    const error = await exportInto(out, ["--id", "app-aws,app-no-such-thing", "--id", "cat-missing"]);
    expect(error?.message).toMatch(
      /^--id app-no-such-thing,cat-missing: no object among the kinds read \(App, .*\) has these ids: nothing was written$/,
    );
    await expect(stat(out)).rejects.toThrow(/ENOENT/);
    const narrowed = await exportInto(out, ["--app", "app-github", "--id", "app-aws"]);
    expect(narrowed?.message).toMatch(/^--id app-aws: no object of the apps app-github among the kinds read/);
    await expect(stat(out)).rejects.toThrow(/ENOENT/);
  });
});

describe("pulumi-idgov export --format pulumi-import", () => {
  it("writes Pulumi's bulk-import file: each object once, named as the program names it, with the id read takes", async () => {
    const flags = [
      "--access-review",
      "ar-2026-q4-privileged",
      "--app-resources",
      "app-github/rt-github-repository",
    ];
    const { program } = await exportWith(flags);
    const file = path.join(workDir, `import-${(runs += 1)}.json`);
    const parsed = parseExportArguments([
      "--out",
      file,
      "--format",
      "pulumi-import",
      ...flags,
    ]) as ExportOptions;
    const config: Record<string, string> = {
      "idgov:baseUrl": emulator.url,
      "idgov:clientId": DEFAULT_CREDENTIALS.clientId,
      "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret,
    };
    await runExport({ ...parsed, config: { get: (key: string) => config[key] } }, () => undefined);
    const { resources } = JSON.parse(await readFile(file, "utf8")) as {
      resources: { type: string; name: string; id: string }[];
    };
    const byType = (type: string) => resources.filter((entry) => entry.type === `idgov:index:${type}`);
    expect(byType("SsoSettings")).toEqual([
      { type: "idgov:index:SsoSettings", name: "sso", id: expect.any(String) },
    ]);
    expect(byType("AccessReviewScope").map((entry) => entry.id)).toEqual(["ar-2026-q4-privileged"]);
    const appResources = byType("AppResource");
    expect(appResources.length).toBeGreaterThan(0);
    for (const { id } of appResources) expect(id).toMatch(/^app-github\/rt-github-repository\/[^/]+$/);
    expect(byType("App")).toContainEqual({ type: "idgov:index:App", name: "github", id: "app-github" });
    // Both formats name every object alike: each entry's name is a resource the program declares.
    for (const { type, name } of resources)
      expect(program).toContain(`new ${type.split(":")[2]}("${name}", {`);
    expect(new Set(resources.map(({ type, name }) => `${type} ${name}`)).size).toBe(resources.length);
  });

  it("fails on an unknown format, and defaults to typescript", () => {
    expect(() => parseExportArguments(["--out", "x", "--format", "yaml"])).toThrow(
      '--format: "yaml" is not a format (one of typescript, pulumi-import)',
    );
    expect((parseExportArguments(["--out", "x"]) as ExportOptions).format).toBe("typescript");
  });
});

describe("pulumi-idgov export flags", () => {
  it.each([
    [[], "--out DIR is required"],
    [
      ["--out", "x", "--client-secret", "s"],
      "--client-secret: never put a secret on the command line; set IDGOV_CLIENT_SECRET, or idgov:clientSecret with `pulumi config set --secret`",
    ],
    [
      ["--out", "x", "--access-token=t"],
      "--access-token: never put a secret on the command line; set IDGOV_ACCESS_TOKEN, or idgov:accessToken with `pulumi config set --secret`",
    ],
    [["--out", "x", "--kinds", "App,Widget"], '--kinds: "Widget" is not a kind'],
    [["--out", "x", "--app-resources", "app-github"], '--app-resources: "app-github" is not APP/TYPE'],
    [["--out", "x", "--exported-at", "yesterday"], '--exported-at: "yesterday" is not an RFC 3339 time'],
    [["--out", "x", "--verbose"], "unknown flag --verbose"],
  ])("%j fails: %s", (args, message) => {
    expect(() => parseExportArguments(args)).toThrow(message);
  });

  it("takes non-secret settings as flags, and --help", () => {
    const options = parseExportArguments([
      "--out",
      "x",
      "--base-url",
      "https://acme.example.com",
      "--max-in-flight=4",
    ]);
    expect(options).not.toBe("help");
    const { settings } = options as ExportOptions;
    expect([settings.get("idgov:baseUrl"), settings.get("idgov:maxInFlight")]).toEqual([
      "https://acme.example.com",
      "4",
    ]);
    expect(parseExportArguments(["--help"])).toBe("help");
  });
});
