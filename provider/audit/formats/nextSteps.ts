import { kindsListedBy } from "../../kinds";
import type { AuditObject, Door } from "../types";
import type { AuditReport } from "../run";

function collectionsOf(objects: readonly AuditObject[]): string[] {
  return [...new Set(objects.map((object) => object.id.split("/").slice(0, 2).join("/")))];
}

/** The `pulumi-idgov export` command that writes a TypeScript program adopting the objects, or an import file. */
function exportCommand(objects: readonly AuditObject[], door: Door): string {
  const kinds = [...new Set(objects.map((object) => object.kind))];
  const out = door === "native" ? [`--format pulumi-import`, `--out import.json`] : [`--out ./adopt`];
  const flags = [...out, `--kinds ${kinds.join(",")}`];
  const listedByCollection = kindsListedBy("collections");
  const named = kindsListedBy("named");
  const resources = objects.filter((object) => listedByCollection.has(object.kind));
  for (const collection of collectionsOf(resources)) flags.push(`--app-resources ${collection}`);
  for (const scope of objects.filter((object) => named.has(object.kind))) {
    flags.push(`--access-review ${scope.id}`);
  }
  return `pulumi-idgov export ${flags.join(" ")}`;
}

/** An object by kind and id: display names, which anyone can set, stay in table cells, where they are escaped. */
function label(object: AuditObject): string {
  return `${object.kind} ${object.id}`;
}

/** Where the door is named: for a report whose stacks all came through one door, nothing. */
function forDoor(door: Door, doors: readonly Door[]): string {
  if (doors.length === 1) return "";
  return door === "native"
    ? "YAML, Python, Go and native TypeScript stacks: "
    : "TypeScript dynamic classes: ";
}

/** The doors whose commands the next steps name: those of the audited stacks, or both when none says. */
function doorsOf(report: AuditReport): readonly Door[] {
  return report.doors.length === 0 ? ["native", "dynamic"] : report.doors;
}

function unmanagedStep(objects: readonly AuditObject[], door: Door): string {
  if (door === "native") {
    return (
      `\`${exportCommand(objects, door)}\`, then \`pulumi import -f import.json\` in the stack: it writes the code ` +
      "in the stack's language; list the objects you do not keep in the ignore file."
    );
  }
  return (
    `\`${exportCommand(objects, door)}\` writes a program that adopts them (each with \`adoptId\`); ` +
    "copy the declarations you keep into your stack's program, and list the rest in the ignore file."
  );
}

function orphanedStep(object: AuditObject, door: Door): string {
  if (door === "native") {
    return `\`pulumi import idgov:index:${object.kind} <name> ${object.id}\` in that stack`;
  }
  return `\`adoptId: "${object.id}"\` (and \`allowTakeover: true\` when the resource's name changed)`;
}

/**
 * What to do next about each kind of finding, one line each; empty when everything is managed and in sync. Steps
 * that differ by door name the commands of the audited stacks' door (both, labelled, when the stacks mix doors or
 * none was given).
 */
export function nextSteps(report: AuditReport): string[] {
  const of = (name: AuditObject["class"]) => report.objects.filter((object) => object.class === name);
  const doors = doorsOf(report);
  const steps: string[] = [];
  const unmanaged = [...of("unmanaged"), ...of("duplicate")];
  for (const door of unmanaged.length > 0 ? doors : []) {
    steps.push(`Unmanaged: ${forDoor(door, doors)}${unmanagedStep(unmanaged, door)}`);
  }
  for (const object of of("orphaned")) {
    const ways = doors.map((door) => `${forDoor(door, doors)}${orphanedStep(object, door)}`);
    steps.push(
      `Orphaned ${label(object)}: left behind by ${object.stack}. Take it back there (${ways.join("; ")}), ` +
        "or delete it.",
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
