import type { Door } from "../kinds/tokens";
import type { KindName } from "../kinds/names";

/**
 * Where one object stands, between the tenant and the given stacks:
 * - `managed`: held by one given stack, its stamps naming that stack (or, for a kind without annotations, held by
 *   one given stack); `driftedFields` names what differs from that stack's inputs;
 * - `unmanaged`: no ownership stamp, held by no given stack;
 * - `claimed`: its stamps name a stack that was not given, or another tool (`claimedBy`); `stack` is set when a given
 *   stack holds it all the same (it was taken over);
 * - `orphaned`: its stamps name a given stack (`stack`) that no longer holds it;
 * - `double-claimed`: held by two or more given stacks (`heldBy`);
 * - `gone`: held by a given stack, missing in the tenant;
 * - `duplicate`: unmanaged, with the display name of a managed object of its kind (`duplicateOf`).
 */
export const AUDIT_CLASSES = [
  "managed",
  "unmanaged",
  "claimed",
  "orphaned",
  "double-claimed",
  "gone",
  "duplicate",
] as const;

/** The class of an audited object. */
export type AuditClass = (typeof AUDIT_CLASSES)[number];

/** Who an object's ownership annotations name; each key the object lacks is undefined. */
export interface Stamp {
  /** `managed_by` */
  readonly tool?: string;
  /** `iac_workspace`: `<org>/<project>/<stack>` */
  readonly workspace?: string;
  /** `iac_resource_address` */
  readonly address?: string;
}

/** One object read from the tenant, reduced to what classification needs. */
export interface TenantObject {
  readonly kind: KindName;
  /** The object's id as Pulumi holds it (an app resource's `app/type/resource`). */
  readonly id: string;
  readonly displayName: string;
  /** The ownership stamps, for a kind whose objects carry annotations; undefined for a kind without. */
  readonly stamp?: Stamp;
}

/** Which stack a state belongs to. */
export interface StackIdentity {
  /** How reports name it: the workspace `<org>/<project>/<stack>`, else `*\/<project>/<stack>`, else its source. */
  readonly name: string;
  /** `<org>/<project>/<stack>`, from the ownership its resources stamp. */
  readonly workspace?: string;
  /** The project and stack of its URNs, when the workspace is unknown. */
  readonly project?: string;
  readonly stack?: string;
}

/** The door a resource came through: the TypeScript dynamic classes, or the native provider (every language). */
export type { Door };

/** One resource of this package in a stack's state. */
export interface HeldResource {
  readonly kind: KindName;
  readonly door: Door;
  /** The object's id (the resource's Pulumi id). */
  readonly id: string;
  readonly urn: string;
  /** The program's inputs, secrets decrypted where the export shows them (`--show-secrets`). */
  readonly inputs: Record<string, unknown>;
  /** The outputs the provider last wrote. */
  readonly outputs: Record<string, unknown>;
  /** Dotted input paths whose values the export keeps encrypted: they cannot be compared. */
  readonly unreadablePaths: readonly string[];
}

/** The state of one stack: who it is and the resources of this package it holds. */
export interface StackState {
  readonly identity: StackIdentity;
  /** Where it was read from: a file path or `pulumi stack export --stack NAME`. */
  readonly source: string;
  readonly resources: readonly HeldResource[];
}

/** One audited object: a line of every report. */
export interface AuditObject {
  readonly kind: KindName;
  readonly id: string;
  readonly displayName: string;
  readonly class: AuditClass;
  /** The given stack it belongs to (managed, orphaned, gone; claimed when a given stack still holds it). */
  readonly stack?: string;
  /** Who its stamps name instead: a workspace, or `managed_by=<tool>`. */
  readonly claimedBy?: string;
  /** Every given stack that holds it (double-claimed). */
  readonly heldBy?: readonly string[];
  /** What differs from the stack's inputs: dotted field paths, `annotations.<key>`. Names only, never values. */
  readonly driftedFields?: readonly string[];
  /** The ids of other objects of its kind with the same display name, when one of them is managed. */
  readonly duplicateOf?: readonly string[];
}
