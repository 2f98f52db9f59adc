/** The reference page of one resource kind: inputs, outputs, enumerations, what the service receives, an example. */
import { type FieldSpec, type FieldTable, leafPaths } from "../../provider/engine";
import { dynamicImportSection } from "./importSection";
import type { KindFacts } from "./kinds";
import { cell, code, codeList, enumerationSection, enumsIn, GENERATED_NOTE, table } from "./markdown";
import type { Member, TypeModel } from "./typeModel";

/** The dotted paths of the write-only (secret) fields of a table. */
function secretPaths(fields: FieldTable, prefix = ""): string[] {
  return Object.entries(fields).flatMap(([name, spec]) => [
    ...(spec.writeOnly ? [`${prefix}${name}`] : []),
    ...(spec.fields ? secretPaths(spec.fields, `${prefix}${name}.`) : []),
  ]);
}

/** What the notes column says about one input. */
function inputNotes(kind: KindFacts, member: Member): string {
  const spec: FieldSpec | undefined = kind.fields[member.name];
  const notes: string[] = [];
  if (!member.optional) notes.push("required");
  if (member.name === "annotations") notes.push("ownership keys stamped");
  else if (!spec && !kind.sideFields.includes(member.name)) notes.push("control: never sent");
  if (spec?.immutable) notes.push("replaces on change");
  if (spec?.createOnly) notes.push("create-only");
  if (spec?.type === "set") notes.push("set: order ignored");
  if (kind.sideFields.includes(member.name)) notes.push("own calls");
  const secrets = spec ? secretPaths({ [member.name]: spec }) : [];
  if (secrets.includes(member.name)) notes.push("secret, write-only");
  else if (secrets.length > 0) notes.push(`holds a secret: ${codeList(secrets)}`);
  return notes.join("; ");
}

/** What the service receives: create, update, replace, delete. */
function serviceSection(kind: KindFacts, args: readonly Member[]): string[] {
  const fields = Object.entries(kind.fields);
  const masked = leafPaths(
    Object.fromEntries(
      fields.filter(([name, spec]) => !spec.createOnly && !spec.immutable && !kind.sideFields.includes(name)),
    ),
  );
  const immutable = fields.filter(([, spec]) => spec.immutable).map(([name]) => name);
  const createOnly = fields.filter(([, spec]) => spec.createOnly).map(([name]) => name);
  const secrets = secretPaths(kind.fields);
  const has = (name: string) => args.some((member) => member.name === name);
  const lines = ["## What the service receives", ""];
  let create =
    kind.singleton === undefined
      ? "- **Create**: one create of the object, followed by one masked update when the program sets fields the " +
        "create cannot take ([API calls](../../guides/api-calls.md))" +
        (has("adoptId")
          ? "; with `adoptId`, a read of the existing object and one masked update instead."
          : ".")
      : `- **Create**: the tenant's one object (id \`${kind.singleton}\`) is read, then one masked update of the ` +
        "fields the program sets: a singleton is always adopted.";
  if (kind.singleton === undefined && !kind.creates) {
    create =
      "- **Create**: nothing is created: the existing object the inputs name is read (it must exist), then " +
      (kind.replaceStyleUpdate ? "written whole." : "updated with one masked update.");
  }
  lines.push(create);
  lines.push(
    kind.replaceStyleUpdate
      ? "- **Update**: the whole managed state in one request (the service replaces it); nothing when nothing changed."
      : "- **Update**: one request whose `updateMask` names exactly the changed fields, among " +
          `${codeList(kind.annotations ? [...masked, "annotations"] : masked)}; a field the program stopped setting ` +
          "is cleared; nothing when nothing changed.",
  );
  if (kind.sideFields.length > 0) {
    lines.push(
      `- **Own calls**: ${codeList(kind.sideFields)} change through calls of their own; only the difference is sent.`,
    );
  }
  if (immutable.length > 0)
    lines.push(`- **Replace**: a change to ${codeList(immutable)} replaces the object.`);
  if (createOnly.length > 0) {
    lines.push(
      `- **Create-only**: ${codeList(createOnly)} are sent by the create only; a later change is not sent.`,
    );
  }
  if (secrets.length > 0) {
    lines.push(
      `- **Secrets**: ${codeList(secrets)} are never read back: sent on create, on adoption and when the value ` +
        "changes; state keeps them encrypted, and outputs keep a salted digest and the value last sent, both secret.",
    );
  }
  if (kind.annotations) {
    lines.push(
      "- **Ownership**: `managed_by`, `iac_workspace`, `iac_resource_address` and `iac_tool_version` are stamped; " +
        "every update and delete reads the object first and refuses one another workspace or tool owns, unless " +
        "`allowTakeover: true` ([ownership](../../guides/ownership.md)).",
    );
  }
  if (!kind.annotations) {
    lines.push(
      "- **Ownership**: the service keeps no annotations on these objects, so no owner is stamped or checked: two " +
        "stacks that declare the same object both write it, and the last writer wins. Declare each in one stack per " +
        "tenant ([ownership](../../guides/ownership.md)).",
    );
  }
  let destroy = "deletes the object, an adopted one too";
  if (!kind.deletes) {
    destroy = has("restoreOnDelete")
      ? "leaves the object; with `restoreOnDelete: true`, one update puts back the values this stack replaced"
      : "leaves the object";
  } else if (has("deleteOnDestroy")) {
    destroy = "deletes an object the stack created; an adopted one only with `deleteOnDestroy: true`";
  }
  lines.push(
    `- **Destroy**: ${destroy} ([what destroy does](../../guides/adopt-export-import.md#what-destroy-does-to-adopted-objects)).`,
    "",
  );
  return lines;
}

/** The Markdown of a resource kind's page. */
export function resourcePage(kind: KindFacts, types: TypeModel, example: string): string {
  const args = types.membersOf(`${kind.name}Args`);
  const outputs = types.membersOf(`${kind.name}Outputs`);
  const enums = [...args, ...outputs].flatMap((member) => enumsIn(member.type, types.enums));
  return [
    `# ${kind.name}`,
    "",
    GENERATED_NOTE,
    "",
    kind.description,
    "",
    `\`new ${kind.name}(name, args, opts?)\` from \`pulumi-idgov\`; type token \`pulumi-nodejs:dynamic/idgov:${kind.name}\`.`,
    "",
    "## Example",
    "",
    "```ts",
    example,
    "```",
    "",
    `## Inputs (\`${kind.name}Args\`)`,
    "",
    ...table(
      ["Input", "Type", "Notes", "Description"],
      args.map((member) => [
        code(member.name),
        code(member.type),
        inputNotes(kind, member),
        cell(member.doc),
      ]),
    ),
    "",
    `## Outputs (\`${kind.name}Outputs\`)`,
    "",
    "Besides `id` and `urn`. An output the service answers unset and the program does not set reads `undefined`.",
    "",
    ...table(
      ["Output", "Type", "Description"],
      outputs.map((member) => [
        code(member.name),
        code(member.type),
        cell([kind.secretOutputs.includes(member.name) ? "Secret." : "", member.doc].join(" ").trim()),
      ]),
    ),
    "",
    ...enumerationSection(enums, types.enums),
    ...serviceSection(kind, args),
    ...dynamicImportSection(
      kind,
      args.some((member) => member.name === "adoptId"),
    ),
  ].join("\n");
}
