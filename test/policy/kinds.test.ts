import { describe, expect, it } from "vitest";
import { KIND_FACTS, PROVIDER_SECRET_SETTINGS } from "../../provider/kinds/public";
import { RULES } from "../../policy/rules";

describe("the pack reads the kinds, not copies of them", () => {
  it.each(RULES.map((rule) => [rule.name, rule] as const))(
    "%s names only fields its kinds have",
    (_name, rule) => {
      for (const [kind, fields] of Object.entries(rule.fields)) {
        const known =
          kind === "Provider" ? PROVIDER_SECRET_SETTINGS : KIND_FACTS[kind as keyof typeof KIND_FACTS].fields;
        for (const field of fields ?? []) expect(known, `${rule.name}: ${kind}.${field}`).toContain(field);
      }
      for (const kind of rule.kinds) expect(Object.keys(rule.fields)).toContain(kind);
      expect(rule.kinds.length).toBeGreaterThan(0);
    },
  );

  it("has unique rule names in the idgov- namespace, each with a reason and documented parameters", () => {
    const names = RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of RULES) {
      expect(rule.name).toMatch(/^idgov-[a-z-]+$/);
      expect(rule.reason.length).toBeGreaterThan(40);
      for (const parameter of Object.values(rule.parameters)) expect(parameter.description).not.toBe("");
    }
  });
});
