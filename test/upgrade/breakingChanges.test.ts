import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { packageSchema } from "../../provider/native/schema";
import { packageManifest } from "../../provider/version";
import {
  allowsBreaking,
  announcedBreaking,
  breakingChanges,
  type SchemaLike,
} from "../../scripts/release/breakingChanges";
import { API_REPORT, apiBreakingChanges, apiReportOf } from "../../scripts/release/apiReport";
import { readReleases } from "../../scripts/release/buildVersion";

const REPO = path.resolve(__dirname, "../..");

/** The newest release recorded under test/upgrade/ (`v<version>/schema.json`, written by `npm run release -- --tag`). */
function lastRelease(): { version: string; schema: SchemaLike; api: string } {
  const version = releases().at(-1);
  if (!version) throw new Error("test/upgrade/ records no release: cut one with npm run release -- --tag");
  const recorded = (file: string) => readFileSync(path.join(__dirname, `v${version}`, file), "utf8");
  return { version, schema: JSON.parse(recorded("schema.json")), api: recorded("api.md") };
}

/** The releases releases.json records, oldest first. */
function releases(): string[] {
  return readReleases(REPO).map((release) => release.version);
}

/**
 * The breaking changes of `breaking` that CHANGELOG's `### Breaking` does not name, and whether package.json's
 * version moves as a breaking change must, against the last release.
 */
function expectAnnounced(breaking: string[], version: string): void {
  if (breaking.length === 0) return;
  const next = packageManifest().version ?? "";
  const announced = announcedBreaking(readFileSync(path.join(REPO, "CHANGELOG.md"), "utf8"));
  const unannounced = breaking.filter((change) => !announced.includes(change.slice(0, change.indexOf(":"))));
  expect(unannounced, `breaking against v${version}: name each under "### Breaking" of [Unreleased]`).toEqual(
    [],
  );
  expect(
    allowsBreaking(version, next),
    `breaking against v${version}: package.json's ${next} must move`,
  ).toBe(true);
}

const APP = {
  resources: {
    "idgov:index:App": {
      inputProperties: {
        displayName: { type: "string", description: "x" },
        tags: { type: "array", items: { type: "string" } },
      },
      properties: { displayName: { type: "string" } },
      requiredInputs: [],
    },
  },
  types: { "idgov:index:Model": { type: "string", enum: [{ value: "A" }, { value: "B" }] } },
};

describe("the breaking-change gate", () => {
  it("names what a schema takes away or changes, and nothing for an addition or a new description", () => {
    const added = structuredClone(APP) as SchemaLike & typeof APP;
    (added.resources["idgov:index:App"].inputProperties as Record<string, unknown>).icon = { type: "string" };
    added.resources["idgov:index:App"].inputProperties.displayName.description = "y";
    expect(breakingChanges(APP, added)).toEqual([]);

    const broken = structuredClone(APP) as SchemaLike & typeof APP;
    delete (broken.resources["idgov:index:App"].inputProperties as Record<string, unknown>).displayName;
    broken.resources["idgov:index:App"].inputProperties.tags.items = { type: "integer" };
    (broken.resources["idgov:index:App"] as { requiredInputs: string[] }).requiredInputs = ["tags"];
    broken.types["idgov:index:Model"].enum = [{ value: "A" }];
    expect(breakingChanges(APP, broken)).toEqual([
      "App.displayName: removed",
      "App.tags: now required",
      "App.tags: type changed from array of string to array of integer",
      "Model.B: enum member removed",
    ]);
    expect(breakingChanges(APP, { types: APP.types })).toEqual(["App: resource removed"]);
  });

  it("lets a breaking change through only with a new major (before 1.0, minor) version", () => {
    expect(allowsBreaking("0.1.0", "0.1.1")).toBe(false);
    expect(allowsBreaking("0.1.0", "0.2.0")).toBe(true);
    expect(allowsBreaking("1.4.0", "1.5.0")).toBe(false);
    expect(allowsBreaking("1.4.0", "2.0.0")).toBe(true);
  });

  it("the schema now breaks nothing of the last release's, or says so in CHANGELOG under a new version", () => {
    const { version, schema } = lastRelease();
    expectAnnounced(breakingChanges(schema, packageSchema() as unknown as SchemaLike), version);
  });
});

const REPORT = `## API Report File for "pulumi-idgov"

\`\`\`ts

// @public
export class App extends IdgovResource {
    constructor(name: string, args: AppArgs, opts?: pulumi.CustomResourceOptions);
}

// @public
export interface AppArgs extends AdoptionArgs {
    annotations?: In<{
        [key: string]: In<string>;
    }>;
    displayName?: In<string>;
}

// @public
export function getApp(args: GetByIdArgs, options?: LookupOptions): Promise<AppInfo>;

\`\`\`
`;

describe("the TypeScript API's breaking-change gate (the package root, as API Extractor reports it)", () => {
  it("names what a report takes away, changes or newly requires, and nothing for an addition", () => {
    const added = REPORT.replace(
      "    displayName?: In<string>;\n",
      "    displayName?: In<string>;\n    icon?: In<string>;\n",
    ).replace(
      "// @public\nexport function",
      "// @public\nexport function getAppOutput(): void;\n\n// @public\nexport function",
    );
    expect(apiBreakingChanges(REPORT, added)).toEqual([]);
    const broken = REPORT.replace("    displayName?: In<string>;\n", "    owner: In<string>;\n")
      .replace("[key: string]: In<string>;", "[key: string]: In<number>;")
      .replace("export function getApp(", "export function getTheApp(");
    expect(apiBreakingChanges(REPORT, broken)).toEqual([
      "AppArgs.annotations: changed from `annotations?: In<{ [key: string]: In<string>; }>` to `annotations?: In<{ [key: string]: In<number>; }>`",
      "AppArgs.displayName: removed",
      "AppArgs.owner: now required",
      "getApp: function removed",
    ]);
  });

  it("names a class moved to another base, but not one that now extends a subclass of its old base", () => {
    const withErrors = (base: string) =>
      REPORT.replace(
        "// @public\nexport function",
        "// @public\nexport class IdgovError extends Error {\n}\n\n" +
          `// @public\nexport class UsageError extends ${base} {\n}\n\n// @public\nexport function`,
      );
    expect(apiBreakingChanges(withErrors("Error"), withErrors("IdgovError"))).toEqual([]);
    expect(apiBreakingChanges(withErrors("Error"), withErrors("App"))).toEqual([
      "UsageError: changed from `export class UsageError extends Error` to `export class UsageError extends App`",
    ]);
    expect(apiBreakingChanges(withErrors("IdgovError"), withErrors("Error"))).toEqual([
      "UsageError: changed from `export class UsageError extends IdgovError` to `export class UsageError extends Error`",
    ]);
  });

  it("the committed report is API Extractor's for this build (npm run api:report rewrites it)", () => {
    expect(
      apiReportOf(REPO) === readFileSync(path.join(REPO, API_REPORT), "utf8"),
      "run npm run api:report",
    ).toBe(true);
  });

  it("the API now breaks nothing of the last release's, or says so in CHANGELOG under a new version", () => {
    const { version, api } = lastRelease();
    expectAnnounced(apiBreakingChanges(api, readFileSync(path.join(REPO, API_REPORT), "utf8")), version);
  });
});

describe("the recordings of each release", () => {
  it.each(releases())("v%s holds its schema, its API report, and a run of each door to replay", (version) => {
    const files = ["schema.json", "api.md"].concat(
      ...["dynamic", "native"].map((door) =>
        ["stack.json", "Pulumi.upgrade.yaml", "tenant.json", "program/Pulumi.yaml"].map(
          (file) => `${door}/${file}`,
        ),
      ),
      "native/grpc.jsonl",
    );
    expect(files.filter((file) => !existsSync(path.join(__dirname, `v${version}`, file)))).toEqual([]);
  });
});
