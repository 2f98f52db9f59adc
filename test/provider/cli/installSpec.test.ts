import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstallFacts, installSpecOf, readInstallFacts } from "../../../provider/cli/export/installSpec";

const PROJECT = "/home/user/tenant";
const INSTALLED = `${PROJECT}/node_modules/pulumi-idgov`;
const SHA = "0123456789abcdef0123456789abcdef01234567";

describe("the pulumi-idgov dependency an export writes", () => {
  it.each<[string, InstallFacts, string]>([
    [
      "a checkout run from its folder",
      { packageDir: "/src/pulumi-idgov", version: "0.1.0" },
      "file:/src/pulumi-idgov",
    ],
    [
      "the registry (lockfile)",
      {
        packageDir: INSTALLED,
        version: "0.2.0",
        projectDir: PROJECT,
        lockResolved: "https://registry.npmjs.org/pulumi-idgov/-/pulumi-idgov-0.2.0.tgz",
        declaredSpec: "^0.2.0",
      },
      "0.2.0",
    ],
    [
      "a private registry mirror",
      {
        packageDir: INSTALLED,
        version: "0.2.0",
        projectDir: PROJECT,
        lockResolved: "https://npm.acme.example/repository/npm/pulumi-idgov/-/pulumi-idgov-0.2.0.tgz",
      },
      "0.2.0",
    ],
    [
      "a GitHub shorthand, pinned to the commit npm resolved",
      {
        packageDir: INSTALLED,
        version: "0.1.0",
        projectDir: PROJECT,
        lockResolved: `git+ssh://git@github.com/pulumi-idgov/pulumi-idgov.git#${SHA}`,
        declaredSpec: "github:pulumi-idgov/pulumi-idgov",
      },
      `git+ssh://git@github.com/pulumi-idgov/pulumi-idgov.git#${SHA}`,
    ],
    [
      "a git URL",
      {
        packageDir: INSTALLED,
        version: "0.1.0",
        projectDir: PROJECT,
        lockResolved: `git+https://github.com/pulumi-idgov/pulumi-idgov.git#${SHA}`,
      },
      `git+https://github.com/pulumi-idgov/pulumi-idgov.git#${SHA}`,
    ],
    [
      "a tarball beside the project (a path relative to the project, made absolute)",
      {
        packageDir: INSTALLED,
        version: "0.1.0",
        projectDir: PROJECT,
        lockResolved: "file:../pulumi-idgov-0.1.0.tgz",
        declaredSpec: "file:../pulumi-idgov-0.1.0.tgz",
      },
      "file:/home/user/pulumi-idgov-0.1.0.tgz",
    ],
    [
      "a tarball on a web server",
      {
        packageDir: INSTALLED,
        version: "0.1.0",
        projectDir: PROJECT,
        lockResolved: "https://downloads.acme.example/pulumi-idgov-0.1.0.tgz",
      },
      "https://downloads.acme.example/pulumi-idgov-0.1.0.tgz",
    ],
    [
      "a folder installed as a link (the lockfile's entry is a bare path)",
      { packageDir: INSTALLED, version: "0.1.0", projectDir: PROJECT, lockResolved: "../pulumi-idgov" },
      "file:/home/user/pulumi-idgov",
    ],
    [
      "npm 6's _resolved, ahead of the rest",
      {
        packageDir: INSTALLED,
        version: "0.1.0",
        projectDir: PROJECT,
        manifestResolved: "file:/tmp/pulumi-idgov-0.1.0.tgz",
        declaredSpec: "^0.1.0",
      },
      "file:/tmp/pulumi-idgov-0.1.0.tgz",
    ],
    [
      "no lockfile: the project's own spec",
      { packageDir: INSTALLED, version: "0.1.0", projectDir: PROJECT, declaredSpec: "file:vendor/idgov.tgz" },
      "file:/home/user/tenant/vendor/idgov.tgz",
    ],
    [
      "nothing recorded: the version",
      { packageDir: INSTALLED, version: "0.1.0", projectDir: PROJECT },
      "0.1.0",
    ],
  ])("%s", (_, facts, spec) => {
    expect(installSpecOf(facts)).toBe(spec);
  });
});

describe("what npm left on disk", () => {
  let root = "";
  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(tmpdir(), "pulumi-idgov-install-spec-")));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  async function writeJson(file: string, value: unknown): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(value));
  }

  it("reads the project's hidden lockfile and package.json", async () => {
    const project = path.join(root, "tarball-project");
    const installed = path.join(project, "node_modules", "pulumi-idgov");
    await writeJson(path.join(installed, "package.json"), { name: "pulumi-idgov", version: "0.1.0" });
    await writeJson(path.join(project, "package.json"), {
      dependencies: { "pulumi-idgov": "file:../x.tgz" },
    });
    await writeJson(path.join(project, "node_modules", ".package-lock.json"), {
      packages: { "node_modules/pulumi-idgov": { version: "0.1.0", resolved: "file:../x.tgz" } },
    });
    const facts = readInstallFacts(installed, "0.1.0");
    expect(facts).toMatchObject({ projectDir: project, lockResolved: "file:../x.tgz" });
    expect(installSpecOf(facts)).toBe(`file:${path.join(root, "x.tgz")}`);
  });

  it("follows a link to the folder it points at: a file: path to it", async () => {
    const checkout = path.join(root, "checkout");
    await writeJson(path.join(checkout, "package.json"), { name: "pulumi-idgov", version: "0.1.0" });
    const linked = path.join(root, "linked-project", "node_modules", "pulumi-idgov");
    await mkdir(path.dirname(linked), { recursive: true });
    await symlink(checkout, linked);
    expect(installSpecOf(readInstallFacts(linked, "0.1.0"))).toBe(`file:${checkout}`);
  });
});
