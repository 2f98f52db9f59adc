/** The reference page of one lookup: its arguments, its answer, its enumerations and an example. */
import { cell, code, enumerationSection, enumsIn, GENERATED_NOTE, table } from "./markdown";
import type { TypeModel } from "./typeModel";

/** The Markdown of a lookup's page. */
export function lookupPage(name: string, types: TypeModel, example: string): string {
  const info = types.functionInfo(name);
  const call = info.argsType === undefined ? "options?" : "args, options?";
  const enums = [...info.args, ...info.answerMembers].flatMap((member) => enumsIn(member.type, types.enums));
  return [
    `# ${name}`,
    "",
    GENERATED_NOTE,
    "",
    info.doc,
    "",
    `\`${name}(${call})\` answers a \`Promise<${info.answer}>\`; \`${name}Output(${call})\` takes Pulumi inputs and ` +
      `answers an \`Output<${info.answer}>\`. Both from \`pulumi-idgov\`. \`options.config\` reads another tenant ` +
      "([several tenants](../../guides/several-tenants.md#reading-another-tenant)); by default the stack's `idgov:*` " +
      "config, then the `IDGOV_*` variables. A bad argument throws `IdgovArgumentError` before any request.",
    "",
    "## Example",
    "",
    "```ts",
    example,
    "```",
    "",
    ...(info.argsType === undefined
      ? ["## Arguments", "", "None.", ""]
      : [
          `## Arguments (\`${info.argsType}\`)`,
          "",
          ...table(
            ["Argument", "Type", "Required", "Description"],
            info.args.map((member) => [
              code(member.name),
              code(member.type),
              member.optional ? "no" : "yes",
              cell(member.doc),
            ]),
          ),
          "",
        ]),
    `## Answer (\`${info.answer}\`)`,
    "",
    info.answer.endsWith("[]")
      ? "A list, every page read (up to `limit`); each item has these fields. Fields the package does not know are kept."
      : "Fields the package does not know are kept; an enumeration member it does not list is kept as the service wrote it.",
    "",
    ...table(
      ["Field", "Type", "Description"],
      info.answerMembers.map((member) => [code(member.name), code(member.type), cell(member.doc)]),
    ),
    "",
    ...enumerationSection(enums, types.enums),
  ].join("\n");
}
