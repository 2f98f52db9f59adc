import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { CONTROL_KEYS } from "../../provider/engine";
import { FIELD_DESCRIPTIONS, KINDS } from "../../provider/kinds";
import { impactAcceptanceShape } from "../../provider/schemas";
import { DESCRIPTIONS_FILE, fieldDescriptionsSource } from "../../scripts/fieldDescriptions";

describe("the kinds' descriptions, as data", () => {
  it("are generated from the current public types (npm run gen:types rewrites them)", async () => {
    const prettier = await import("prettier");
    const options = await prettier.resolveConfig(DESCRIPTIONS_FILE);
    const expected = await prettier.format(fieldDescriptionsSource(), {
      ...options,
      filepath: DESCRIPTIONS_FILE,
    });
    expect(await readFile(DESCRIPTIONS_FILE, "utf8")).toBe(expected);
  });

  it.each(KINDS.map((kind) => [kind.name, kind] as const))(
    "describe %s in one sentence, and only its fields and controls",
    (name, kind) => {
      expect(kind.description).toMatch(/^[A-Z].*\.$/);
      // Controls: those state keeps, and acceptImpact, which only the program's inputs carry.
      const controls = [...CONTROL_KEYS, ...Object.keys(impactAcceptanceShape)];
      const fields = new Set<string>([...kind.outputs, ...Object.keys(kind.fields), ...controls]);
      const described = Object.keys(FIELD_DESCRIPTIONS[name]);
      expect(described.length).toBeGreaterThan(0);
      expect(described.filter((field) => !fields.has(field))).toEqual([]);
    },
  );

  it("keep the App's documented fields at run time", () => {
    expect(FIELD_DESCRIPTIONS.App.owners).toBe(
      "The app's first owners (user ids), sent by the create only: later changes are not sent.",
    );
  });
});
