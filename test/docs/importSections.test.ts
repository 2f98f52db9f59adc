import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { importId } from "../../scripts/docs/importSection";
import { referenceKinds } from "../../scripts/docs/kinds";

const REFERENCE = path.resolve(__dirname, "../../docs/reference");
const read = (file: string) => readFileSync(path.join(REFERENCE, file), "utf8");

/** The text of a page's `## Import` section, or undefined. */
const importSection = (page: string) => /^## Import\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(page)?.[1];

describe("the Import section of every resource's reference pages", () => {
  it.each(referenceKinds().map((kind) => [kind.name, kind] as const))(
    "%s: the schema page gives pulumi import with the kind's id, and the export that writes a tenant's",
    (name, kind) => {
      const section = importSection(read(`schema/resources/${name}.md`));
      expect(section, `${name}: no ## Import`).toBeDefined();
      expect(section).toContain(`pulumi import idgov:index:${name} <name> ${importId(kind).id}\n`);
      expect(section).toMatch(new RegExp(`pulumi-idgov export --format pulumi-import --kinds ${name}\\b`));
      expect(section).toContain("pulumi import -f import.json");
    },
  );

  it.each(referenceKinds().map((kind) => [kind.name, kind] as const))(
    "%s: the dynamic class's page adopts, and links the schema page's Import",
    (name) => {
      const section = importSection(read(`resources/${name}.md`));
      expect(section, `${name}: no ## Import`).toBeDefined();
      expect(section).toMatch(/adopt/);
      expect(section).toContain(`pulumi-idgov export --kinds ${name}`);
      expect(section).toContain(`(../schema/resources/${name}.md#import)`);
    },
  );

  it("names the ids the provider's read takes: a singleton's fixed id, an app resource's three parts", () => {
    const ids = Object.fromEntries(referenceKinds().map((kind) => [kind.name, importId(kind).id]));
    expect(ids).toMatchObject({
      SsoSettings: "sso",
      AppResource: "<appId>/<appResourceTypeId>/<resourceId>",
      AccessReviewScope: "<accessReviewId>",
      App: "<appId>",
    });
  });
});
