import type { AuditObject } from "../types";
import type { AuditReport } from "../run";

function collectionsOf(objects: readonly AuditObject[]): string[] {
  return [...new Set(objects.map((object) => object.id.split("/").slice(0, 2).join("/")))];
}

/** The `pulumi-idgov export` command that writes a program adopting the unmanaged objects. */
function exportCommand(objects: readonly AuditObject[]): string {
  const kinds = [...new Set(objects.map((object) => object.kind))];
  const flags = [`--out ./adopt`, `--kinds ${kinds.join(",")}`];
  const resources = objects.filter((object) => object.kind === "AppResource");
  for (const collection of collectionsOf(resources)) flags.push(`--app-resources ${collection}`);
  for (const scope of objects.filter((object) => object.kind === "AccessReviewScope")) {
    flags.push(`--access-review ${scope.id}`);
  }
  return `pulumi-idgov export ${flags.join(" ")}`;
}

/** An object by kind and id: display names, which anyone can set, stay in table cells, where they are escaped. */
function label(object: AuditObject): string {
  return `${object.kind} ${object.id}`;
}

/** What to do next about each kind of finding, one line each; empty when everything is managed and in sync. */
export function nextSteps(report: AuditReport): string[] {
  const of = (name: AuditObject["class"]) => report.objects.filter((object) => object.class === name);
  const steps: string[] = [];
  const unmanaged = [...of("unmanaged"), ...of("duplicate")];
  if (unmanaged.length > 0) {
    steps.push(
      `Unmanaged: \`${exportCommand(unmanaged)}\` writes a program that adopts them (each with \`adoptId\`); ` +
        "copy the declarations you keep into your stack's program, and list the rest in the ignore file.",
    );
  }
  for (const object of of("orphaned")) {
    steps.push(
      `Orphaned ${label(object)}: left behind by ${object.stack}. Adopt it there with ` +
        `\`adoptId: "${object.id}"\` (and \`allowTakeover: true\` when the resource's name changed), or delete it.`,
    );
  }
  if (of("claimed").length > 0) {
    steps.push(
      "Claimed: audit with the claiming stack's state too (`--stack-state`), or list them in the ignore file; " +
        "a stack that still holds one lost it to a takeover: `pulumi state delete` it there.",
    );
  }
  if (of("double-claimed").length > 0) {
    steps.push("Double-claimed: keep each in one stack; `pulumi state delete` it from the others.");
  }
  if (report.objects.some((object) => object.class === "managed" && object.driftedFields?.length)) {
    steps.push(
      "Drifted: `pulumi up` puts back the program's values; or change the program to accept the tenant's.",
    );
  }
  if (of("gone").length > 0) {
    steps.push("Gone: `pulumi refresh` drops them from the stack; `pulumi up` then creates them again.");
  }
  return steps;
}
