import {
  canonicalValue,
  type FieldSpec,
  type FieldTable,
  type LiveObject,
  OWNERSHIP_KEYS,
} from "../../engine";
import type { z } from "zod";
import { MANAGED_BY } from "../../engine/ownership";
import { UNLISTED_MEMBER } from "../../schemas";
import type { ExportKind, ExportedObject } from "./kinds";
import type { Json } from "../../schemas/primitives";

/** The table without its write-only fields (secrets the service never answers), at every depth. */
function readableFields(fields: FieldTable): FieldTable {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, spec]) => spec.writeOnly !== true)
      .map(([name, spec]): [string, FieldSpec] => [
        name,
        spec.type === "message" && spec.fields ? { ...spec, fields: readableFields(spec.fields) } : spec,
      ]),
  );
}

/** Dotted paths of the write-only fields inside the live object's set members (`oidc.oidcClientSecret`). */
export function writeOnlyPathsOf(fields: FieldTable, live: Json, prefix = ""): string[] {
  return Object.entries(fields).flatMap(([name, spec]) => {
    if (spec.writeOnly === true) return [`${prefix}${name}`];
    const value = live[name];
    if (spec.type !== "message" || !spec.fields || value === null || typeof value !== "object") return [];
    return writeOnlyPathsOf(spec.fields, value as Json, `${prefix}${name}.`);
  });
}

/**
 * The live values of the fields a program manages, in the form the package compares them (durations as `"300s"`,
 * sets sorted, unset-equivalents dropped); unknown enum values and opaque members are kept as they are.
 */
export function managedValues(fields: FieldTable, live: Json): Json {
  const readable = readableFields(fields);
  const values: Json = {};
  for (const [name, spec] of Object.entries(readable)) {
    const value = canonicalValue(live[name], spec);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/** The object's own annotations: without the ownership stamps and the keys the service reserves. */
export function ownAnnotations(live: Json, reservedPrefix: string): Record<string, string> | undefined {
  const annotations = (live.annotations ?? {}) as Record<string, string>;
  const stamped: readonly string[] = OWNERSHIP_KEYS;
  const own = Object.entries(annotations)
    .filter(([key, value]) => !stamped.includes(key) && !key.startsWith(reservedPrefix) && value !== "")
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return own.length === 0 ? undefined : Object.fromEntries(own);
}

/** Why another tool or workspace manages the object, from its ownership annotations; undefined when none does. */
export function managedElsewhere(live: Json): string | undefined {
  const annotations = (live.annotations ?? {}) as Record<string, string>;
  const managedBy = annotations.managed_by;
  if (managedBy && managedBy !== MANAGED_BY) return `managed_by is "${managedBy}"`;
  if (annotations.iac_workspace) return `iac_workspace is "${annotations.iac_workspace}"`;
  if (annotations.iac_resource_address)
    return `iac_resource_address is "${annotations.iac_resource_address}"`;
  return undefined;
}

/** Whether any trigger (published or draft) is a webhook, whose secrets only the create answered. */
function hasWebhookTrigger(live: Json): boolean {
  const triggers = [live.triggers, live.draftTriggers].flatMap((list) => (Array.isArray(list) ? list : []));
  return triggers.some((trigger) => trigger !== null && typeof trigger === "object" && "webhook" in trigger);
}

/** What {@link exportedObject} needs besides the live object. */
export interface ExportContext {
  readonly kind: ExportKind;
  /** Whether the service answers some outputs of the kind only to the create (an automation's webhook secrets). */
  readonly answersOnce: boolean;
  readonly fields: FieldTable;
  /** Whether objects of the kind carry annotations. */
  readonly annotations: boolean;
  readonly reservedPrefix: string;
  /** The kind's input schema, which tells the enumeration members pulumi-idgov does not list. */
  readonly inputSchema: z.ZodType;
}

/** The paths of the values in `args` that are enumeration members pulumi-idgov does not list. */
function unlistedMemberPaths(schema: z.ZodType, args: Json): (readonly PropertyKey[])[] {
  const issues = schema.safeParse(args).error?.issues ?? [];
  return issues
    .filter((issue) => issue.code === "custom" && issue.params?.[UNLISTED_MEMBER])
    .map((issue) => issue.path);
}

/** One live object as the program that adopts it would declare it. */
export function exportedObject(context: ExportContext, id: string, live: LiveObject): ExportedObject {
  const fields = live.fields;
  const args = managedValues(context.fields, fields);
  const annotations = context.annotations ? ownAnnotations(fields, context.reservedPrefix) : undefined;
  if (annotations) args.annotations = annotations;
  const elsewhere = context.annotations ? managedElsewhere(fields) : undefined;
  const displayName =
    typeof fields.displayName === "string" && fields.displayName !== "" ? fields.displayName : id;
  return {
    kind: context.kind,
    id,
    importId: live.id,
    displayName,
    args,
    unlistedPaths: unlistedMemberPaths(context.inputSchema, args),
    // A secret of a member the program does not declare (unset) has nowhere to go.
    secretPaths: writeOnlyPathsOf(context.fields, fields).filter((path) => path.split(".")[0]! in args),
    ...(elsewhere ? { managedElsewhere: elsewhere } : {}),
    ...(context.answersOnce && hasWebhookTrigger(fields) ? { hasWebhook: true } : {}),
  };
}
