import { readdirSync, readFileSync } from "node:fs";
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

const REPO = path.resolve(__dirname, "../..");

/** The newest release recorded under test/upgrade/ (`v<version>/schema.json`, written by `npm run release -- --tag`). */
function lastRelease(): { version: string; schema: SchemaLike } {
  const versions = readdirSync(__dirname)
    .filter((entry) => /^v\d+\.\d+\.\d+$/.test(entry))
    .map((entry) => entry.slice(1))
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  const version = versions.at(-1);
  if (!version) throw new Error("test/upgrade/ records no release: cut one with npm run release -- --tag");
  return {
    version,
    schema: JSON.parse(readFileSync(path.join(__dirname, `v${version}`, "schema.json"), "utf8")),
  };
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
    const breaking = breakingChanges(schema, packageSchema() as unknown as SchemaLike);
    if (breaking.length === 0) return;
    const next = packageManifest().version ?? "";
    const announced = announcedBreaking(readFileSync(path.join(REPO, "CHANGELOG.md"), "utf8"));
    const unannounced = breaking.filter(
      (change) => !announced.includes(change.slice(0, change.indexOf(":"))),
    );
    expect(
      unannounced,
      `breaking against v${version}: name each under "### Breaking" of [Unreleased]`,
    ).toEqual([]);
    expect(
      allowsBreaking(version, next),
      `breaking against v${version}: package.json's ${next} must move`,
    ).toBe(true);
  });
});
