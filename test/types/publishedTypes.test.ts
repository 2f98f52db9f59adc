import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicTypesSource } from "../../scripts/publicTypes";
import { packPackage } from "../../testkit/pack";

const ROOT = path.resolve(__dirname, "../..");

/** The tsconfig `pulumi new typescript` writes (no skipLibCheck, no esModuleInterop). */
const PULUMI_TEMPLATE = {
  strict: true,
  outDir: "bin",
  target: "es2020",
  module: "commonjs",
  moduleResolution: "node",
  sourceMap: true,
  experimentalDecorators: true,
  pretty: true,
  noFallthroughCasesInSwitch: true,
  noImplicitReturns: true,
  forceConsistentCasingInFileNames: true,
};

/** Strict, every declaration file checked. */
const STRICT_LIB_CHECK = {
  strict: true,
  skipLibCheck: false,
  module: "commonjs",
  target: "es2022",
  noEmit: true,
};

function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, encoding: "utf8" }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

let project: string;

/** Type-checks one file of the user's project, strict with every declaration file checked: its errors and exit code. */
async function typeCheck(
  name: string,
  lines: readonly string[],
): Promise<{ errors: string[]; code: number }> {
  await writeFile(path.join(project, `${name}.ts`), [...lines, ""].join("\n"));
  const config = path.join(project, `tsconfig.${name}.json`);
  await writeFile(config, JSON.stringify({ compilerOptions: STRICT_LIB_CHECK, files: [`${name}.ts`] }));
  const tsc = require.resolve("typescript/bin/tsc");
  const result = await run(process.execPath, [tsc, "-p", config, "--noEmit", "--pretty", "false"], project);
  return { errors: result.output.split("\n").filter((line) => /error TS/.test(line)), code: result.code };
}

beforeAll(async () => {
  // A user's project: the package as `npm pack` makes it, beside its peer and runtime dependencies.
  project = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-types-"));
  const tarball = await packPackage(project);
  const installed = path.join(project, "node_modules", "pulumi-idgov");
  await mkdir(installed, { recursive: true });
  await run("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"], project);
  for (const dependency of ["@pulumi/pulumi", "zod", "undici", "@types/node"]) {
    await mkdir(path.dirname(path.join(project, "node_modules", dependency)), { recursive: true });
    await symlink(
      path.join(ROOT, "node_modules", dependency),
      path.join(project, "node_modules", dependency),
    );
  }
  await writeFile(
    path.join(project, "index.ts"),
    await readFile(path.join(__dirname, "program.ts.txt"), "utf8"),
  );
}, 120_000);

afterAll(() => rm(project, { recursive: true, force: true }));

describe("the published declarations", () => {
  it.each([
    ["the tsconfig of `pulumi new typescript`", PULUMI_TEMPLATE],
    ["strict with skipLibCheck: false", STRICT_LIB_CHECK],
  ])(
    "type-check a program using every kind under %s",
    async (_name, compilerOptions) => {
      const config = path.join(project, "tsconfig.json");
      await writeFile(config, JSON.stringify({ compilerOptions, files: ["index.ts"] }));
      const tsc = require.resolve("typescript/bin/tsc");
      const result = await run(
        process.execPath,
        [tsc, "-p", config, "--noEmit", "--pretty", "false"],
        project,
      );
      expect(result.output).toBe("");
      expect(result.code).toBe(0);
    },
    180_000,
  );

  it("refuse an enumeration member the package does not list, unless written unlisted()", async () => {
    const { errors, code } = await typeCheck("enums", [
      'import * as idgov from "pulumi-idgov";',
      'new idgov.App("listed", { displayName: "L", accessModel: "APP_ACCESS_MODEL_SPARSE" });',
      'new idgov.App("unlisted", { displayName: "U", accessModel: idgov.unlisted("APP_ACCESS_MODEL_NEWER") });',
      'new idgov.App("bogus", { displayName: "B", accessModel: "APP_ACCESS_MODEL_BOGUS" });',
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^enums\.ts\(4,\d+\): error TS2322: Type '"APP_ACCESS_MODEL_BOGUS"' is not assignable/,
    );
    expect(code).not.toBe(0);
  }, 180_000);

  it("type a campaign scope member by member: the guide's compiles; a bogus member or enumeration member does not", async () => {
    const guide = await readFile(path.join(ROOT, "docs", "guides", "writing-programs.md"), "utf8");
    const example =
      /```ts\nimport \{ AccessReviewScope \} from "pulumi-idgov";\n\n(new AccessReviewScope\([^]*?)```/.exec(
        guide,
      )?.[1];
    expect(example).toBeDefined();
    const bogus = [
      'new AccessReviewScope("member", { accessReviewId: "r", scopeV2: { allUsers: {}, everyone: {} } });',
      'new AccessReviewScope("enum", { accessReviewId: "r", scopeV2: { principalTypeFilter: "PRINCIPAL_TYPE_FILTER_BOGUS" } });',
      'new AccessReviewScope("nested", {',
      '  accessReviewId: "r",',
      '  scopeV2: { grantsByCriteria: { daysSinceAdded: "1s", typeFilter: "GRANT_FILTER_TYPE_FOREVER" } },',
      "});",
      'new AccessReviewScope("unlisted", { accessReviewId: "r", scopeV2: { principalTypeFilter: unlisted("PRINCIPAL_TYPE_FILTER_NEWER") } });',
    ];
    const header = 'import { AccessReviewScope, unlisted } from "pulumi-idgov";';
    const lines = [header, ...example!.trimEnd().split("\n")];
    const { errors, code } = await typeCheck("scope", [...lines, ...bogus]);
    const first = lines.length + 1;
    expect(errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^scope\\.ts\\(${first},\\d+\\): error TS2353: Object literal may only specify known properties, and 'everyone'`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^scope\\.ts\\(${first + 1},\\d+\\): error TS(2322|2820): Type '"PRINCIPAL_TYPE_FILTER_BOGUS"' is not assignable`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^scope\\.ts\\(${first + 4},\\d+\\): error TS(2322|2820): Type '"GRANT_FILTER_TYPE_FOREVER"' is not assignable`,
        ),
      ),
    ]);
    expect(code).not.toBe(0);
  }, 180_000);

  it("carry plain types generated from the current schemas (npm run gen:types rewrites them)", async () => {
    const prettier = await import("prettier");
    const file = path.join(ROOT, "resources", "types.ts");
    const options = await prettier.resolveConfig(file);
    const expected = await prettier.format(publicTypesSource(), { ...options, filepath: file });
    expect(await readFile(file, "utf8")).toBe(expected);
  }, 180_000);
});
