import { z } from "zod";
import { kindNamed } from "../../kinds";
import { KIND_NAMES, type KindName } from "../../kinds/names";

/** The kinds `pulumi-idgov export` reads, in the order it reads and writes them: every kind. */
export const EXPORT_KINDS = KIND_NAMES;

/** A kind `pulumi-idgov export` reads. */
export type ExportKind = KindName;

/** A tenant settings singleton's Pulumi resource name, its fixed id (`sso`); undefined for other kinds. */
export function settingsNameOf(kind: ExportKind): string | undefined {
  return kindNamed(kind).singleton;
}

/** Whether a kind's resources adopt an existing object by `adoptId` (settings and campaign scopes do not). */
export function adoptsById(kind: ExportKind): boolean {
  const schema = kindNamed(kind).inputSchema;
  return schema instanceof z.ZodObject && "adoptId" in schema.shape;
}

/** The kind named by `text`, case-insensitively, or undefined. */
export function exportKindNamed(text: string): ExportKind | undefined {
  return EXPORT_KINDS.find((kind) => kind.toLowerCase() === text.trim().toLowerCase());
}

/** One object read from the tenant, reduced to what a program would manage. */
export interface ExportedObject {
  readonly kind: ExportKind;
  /** The object's own id: `adoptId` (the campaign id for a scope, the fixed id for settings). */
  readonly id: string;
  /** The object's Pulumi id, which `pulumi import` reads: `app/type/resource` for an app resource, else `id`. */
  readonly importId: string;
  /** What the resource name is made from. */
  readonly displayName: string;
  /** The Args of the resource: managed fields in canonical form, the program's own annotations. */
  readonly args: Record<string, unknown>;
  /** Paths in `args` of enumeration members pulumi-idgov does not list: written `unlisted("…")`. */
  readonly unlistedPaths: readonly (readonly PropertyKey[])[];
  /** Dotted paths of write-only secrets the program must supply (an auth config's `oidc.oidcClientSecret`). */
  readonly secretPaths: readonly string[];
  /** Why another tool or workspace manages it, when its annotations say so. */
  readonly managedElsewhere?: string;
  /** Whether it has a webhook trigger, whose secrets the service answers only to the create. */
  readonly hasWebhook?: boolean;
}
