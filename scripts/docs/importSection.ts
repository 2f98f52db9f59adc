/**
 * The Import section of a resource's reference pages, as Pulumi's Registry pages have one: the id `pulumi import`
 * takes for the kind, and what `pulumi-idgov export` writes for a whole tenant. The schema page (native provider)
 * imports with `pulumi import`; the dynamic class's page adopts, since `pulumi import` cannot reach a dynamic
 * provider's read.
 */
import type { KindFacts } from "./kinds";
import { code } from "./markdown";

const GUIDE = "guides/adopt-export-import.md";

/** The id of an object of the kind, as `pulumi import` and the provider's read take it, and what it is made of. */
export function importId(kind: KindFacts): { id: string; meaning: string } {
  if (kind.singleton !== undefined)
    return { id: kind.singleton, meaning: `always ${code(kind.singleton)}: the tenant has one` };
  if (kind.listing === "collections")
    return {
      id: "<appId>/<appResourceTypeId>/<resourceId>",
      meaning: "the app's id, its resource type's and the resource's own, joined by `/`",
    };
  if (kind.listing === "named")
    return { id: "<accessReviewId>", meaning: "the id of its access-review campaign" };
  return { id: `<${kind.name.charAt(0).toLowerCase()}${kind.name.slice(1)}Id>`, meaning: "the object's id" };
}

/** The export flags that read the kind's objects (some are read only when named). */
function exportFlags(kind: KindFacts): string {
  if (kind.listing === "collections")
    return `--kinds ${kind.name} --app-resources <appId>/<appResourceTypeId>`;
  if (kind.listing === "named") return `--kinds ${kind.name} --access-review <accessReviewId>`;
  return `--kinds ${kind.name}`;
}

/** The Import section of the schema page (`docs/reference/schema/resources/<Kind>.md`). */
export function nativeImportSection(kind: KindFacts, token: string): string[] {
  const { id, meaning } = importId(kind);
  return [
    "## Import",
    "",
    `An existing ${kind.name} is brought under the stack by its id, ${meaning}. The provider reads the object and`,
    "answers every input it manages, so the code `pulumi import` prints previews with no change; the resource is",
    "written `protect: true`.",
    "",
    "```sh",
    `pulumi import ${token} <name> ${id}`,
    "```",
    "",
    `For every ${kind.name} of the tenant at once, \`pulumi-idgov export\` writes the file \`pulumi import -f\` takes,`,
    "each object named and its id filled in (objects another workspace or tool manages are left out unless",
    "`--include-managed`):",
    "",
    "```sh",
    `pulumi-idgov export --format pulumi-import ${exportFlags(kind)} --out import.json`,
    "pulumi import -f import.json",
    "```",
    "",
    `See [adopt, export and import](../../../${GUIDE}#a-whole-tenant-in-any-language---format-pulumi-import).`,
    "",
  ];
}

/** The Import section of the dynamic class's page (`docs/reference/resources/<Kind>.md`). */
export function dynamicImportSection(kind: KindFacts, adopts: boolean): string[] {
  const { id, meaning } = importId(kind);
  const adopt = adopts
    ? [
        `A dynamic resource cannot be \`pulumi import\`ed (the engine does not reach a dynamic provider's read): adopt an`,
        `existing ${kind.name} with \`adoptId: "${id}"\`, its id (${meaning}). The first \`up\` reads it and sends`,
        "one masked update of what the program changes: nothing when the program declares it as it is.",
      ]
    : [
        `A dynamic resource cannot be \`pulumi import\`ed (the engine does not reach a dynamic provider's read). A`,
        `${kind.name} is always adopted: declaring it reads the existing object (${meaning}) and sends one masked`,
        "update of what the program changes.",
      ];
  return [
    "## Import",
    "",
    ...adopt,
    "",
    `\`pulumi-idgov export ${exportFlags(kind)}\` writes the TypeScript program that declares every ${kind.name} of`,
    "the tenant this way, each with every field it manages, so its first preview shows no change. With the native",
    `provider, \`pulumi import\` takes the id: see the [schema page](../schema/resources/${kind.name}.md#import).`,
    `More: [adopt, export and import](../../${GUIDE}).`,
    "",
  ];
}
