import type { z } from "zod";
import type { ApiClient } from "../client/client";
import type { PageCursor } from "../client/paginate";
import type { AddressListing } from "./addressIndex";
import type { FieldSpec, FieldTable } from "./fields";

export type { ApiClient };

/** How a listing is paged: the page size asked of the service, and where to start and who hears of each page. */
export interface ListPaging extends PageCursor {
  /** Items per page asked of the service (it answers 10 to 100). @default 100 */
  readonly pageSize?: number | undefined;
}

/** A live object as the engine sees it: its id and its fields (wire names, camelCase, `id` left out). */
export interface LiveObject {
  readonly id: string;
  readonly fields: Record<string, unknown>;
  /** Values answered once (by create) that outputs keep from then on, such as webhook secrets. */
  readonly once?: Record<string, unknown>;
  /** Read through a search, whose index can trail writes: only a GET of the object confirms what it says. */
  readonly bySearch?: boolean;
}

/** How {@link KindApi.get} reads. */
export interface GetOptions {
  /** Read by GET, never through the collection's search (to confirm what a search answered). */
  readonly byGet?: boolean;
}

/** The calls that reach the service for one kind. */
export interface KindApi {
  /** Reads the object; undefined when it is gone (the service's 404 for it, or `deletedAt` set). */
  get(client: ApiClient, id: string, options?: GetOptions): Promise<LiveObject | undefined>;
  /** Creates the object from a flat body. Singletons have none. */
  create?(
    client: ApiClient,
    body: Record<string, unknown>,
    inputs: Record<string, unknown>,
  ): Promise<LiveObject>;
  /** Applies a masked update (or, for replace-style kinds, the whole desired state) and answers the live object. */
  update(
    client: ApiClient,
    id: string,
    entity: Record<string, unknown>,
    mask: readonly string[],
  ): Promise<LiveObject>;
  /**
   * Every live object of the collection `inputs` names, paged through whole (from `paging`'s page token when given),
   * for kinds that can list.
   */
  list?(client: ApiClient, inputs: Record<string, unknown>, paging?: ListPaging): AsyncGenerator<LiveObject>;
  /** Deletes the object; a 404 counts as done. Singletons have none. */
  delete?(client: ApiClient, id: string): Promise<void>;
  /**
   * The objects a create whose outcome is unknown may have made: those stamped with the resource's address, or, for
   * a kind without annotations, those matching the inputs that were created after `sentAt` (epoch ms).
   */
  findByAddress?(
    client: ApiClient,
    address: string,
    inputs: Record<string, unknown>,
    sentAt: number,
  ): Promise<LiveObject[]>;
  /**
   * The listing that tells, before a create, which objects already carry a resource address; absent for kinds
   * without annotations.
   */
  addressListing?(inputs: Record<string, unknown>): AddressListing;
}

/**
 * A field changed through calls of its own rather than the update mask (a catalog's access entitlements, changed
 * through visibility bindings).
 */
export interface SideField {
  readonly spec: FieldSpec;
  /** Sends the calls that turn `live` into `desired`. */
  apply(client: ApiClient, id: string, desired: unknown, live: unknown): Promise<void>;
}

/** Everything the engine needs to know about one resource kind; declared once in `provider/kinds/<kind>.ts`. */
export interface ResourceKind {
  /** The type name: `App` gives the token `pulumi-nodejs:dynamic/idgov:App`. */
  readonly name: string;
  /** The writable fields of the live object the program may manage, with how each compares. */
  readonly fields: FieldTable;
  /** Validates the program's inputs (managed fields and control fields); strict, so unknown fields fail. */
  readonly inputSchema: z.ZodType;
  readonly api: KindApi;
  /** Whether objects of this kind carry annotations, stamped with ownership. */
  readonly annotations?: boolean;
  /** One per tenant, always there: create adopts it; delete leaves it, or restores what it replaced. */
  readonly singleton?: string;
  /** Updates send every managed field (replace semantics) rather than a mask of the changed ones. */
  readonly replaceStyleUpdate?: boolean;
  /** Fields changed through calls of their own. */
  readonly sideFields?: Readonly<Record<string, SideField>>;
  /** Outputs answered once, by create, and kept in outputs from then on (they are never read again). */
  readonly onceOutputs?: readonly string[];
  /**
   * The id of the existing object a resource takes over, read from its inputs (a campaign named by
   * `accessReviewId`, an app resource named by its app, type and `adoptId`); undefined when the inputs name none and
   * create makes a new object. Without it, a singleton adopts its fixed id and other kinds the `adoptId` input.
   */
  existingId?(inputs: Record<string, unknown>): string | undefined;
  /**
   * The check-failure reason for a property the input schema does not know, e.g. a settings field outside the
   * editable paths. @default "is not a known field"
   */
  unknownFieldReason?(property: string): string;
  /** Extra reasons to replace, beyond immutable fields (switching the oneof member of an auth config). */
  replacesFor?(desired: Record<string, unknown>, live: Record<string, unknown>): string[];
}
