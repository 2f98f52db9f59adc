import { IdgovError } from "./idgov-error";

/** Which object of which kind an error is about. */
export interface ObjectErrorDetails {
  /** The resource kind, e.g. `App`. */
  kind: string;
  /**
   * The object's id, when it has one. Not `id`: Pulumi's dynamic-provider host reads an error with an `id` as an
   * object created but not initialised.
   */
  objectId?: string | undefined;
  /** The underlying error, e.g. the failed request. */
  cause?: unknown;
}

/**
 * Base of the errors the provider raises about one object rather than one request: an adoption it refused, an owner
 * it would not overrule, an object gone, a create whose outcome stayed unknown.
 */
export abstract class IdgovObjectError extends IdgovError {
  /** The resource kind, e.g. `App`. */
  readonly kind: string;
  /** The object's id, when it has one. */
  readonly objectId: string | undefined;

  constructor(message: string, details: ObjectErrorDetails) {
    super(message, { cause: details.cause });
    this.kind = details.kind;
    this.objectId = details.objectId;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), kind: this.kind, objectId: this.objectId };
  }
}

/**
 * Adoption refused, nothing written: no object with the `adoptId` exists, the object is managed by another stack
 * (set `allowTakeover`), a field that cannot change in place differs from the program, or the kind can only be
 * adopted.
 */
export class IdgovAdoptionError extends IdgovObjectError {}

/**
 * An update or delete refused, nothing written, because the object's live annotations name another owner (another
 * stack or tool) and the program does not set `allowTakeover`.
 */
export class IdgovOwnershipError extends IdgovObjectError {}

/** The object the operation needs no longer exists (deleted outside Pulumi, or answered as deleted). */
export class IdgovMissingObjectError extends IdgovObjectError {}

/** What is known of a create whose answer was lost. */
export interface LostCreateDetails extends ObjectErrorDetails {
  /** The `iac_resource_address` the object the create made would carry. */
  address: string;
  /** Ids of the objects that carry it: each could be the one the create made. */
  candidates: readonly string[];
}

/**
 * A create whose outcome is unknown (its answer was lost) and whose object could not be told apart: looking for it
 * failed (`cause` is the lookup's error), or several objects carry its resource address. Nothing more is created;
 * adopt the right object with `adoptId`.
 */
export class IdgovLostCreateError extends IdgovObjectError {
  readonly address: string;
  readonly candidates: readonly string[];

  constructor(message: string, details: LostCreateDetails) {
    super(message, details);
    this.address = details.address;
    this.candidates = details.candidates;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), address: this.address, candidates: this.candidates };
  }
}

/** What is known of an object a provider pointed at another tenant was asked to touch. */
export interface TenantErrorDetails extends ObjectErrorDetails {
  /** The tenant the object's state says it lives in (an origin, e.g. `https://a.example.com`). */
  recordedTenant: string;
  /** The tenant the provider's settings now point at. */
  currentTenant: string;
}

/**
 * A read, update or delete refused before any request because the object lives in another tenant than the one the
 * provider now points at (its `baseUrl` or `IDGOV_BASE_URL` changed under the stack).
 */
export class IdgovTenantError extends IdgovObjectError {
  readonly recordedTenant: string;
  readonly currentTenant: string;

  constructor(message: string, details: TenantErrorDetails) {
    super(message, details);
    this.recordedTenant = details.recordedTenant;
    this.currentTenant = details.currentTenant;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), recordedTenant: this.recordedTenant, currentTenant: this.currentTenant };
  }
}

/** Details of an {@link IdgovNewerStateError}. */
export interface NewerStateErrorDetails extends ObjectErrorDetails {
  /** The pulumi-idgov version that last wrote the object's state. */
  writtenBy: string;
  /** The pulumi-idgov version running now, older than {@link writtenBy}. */
  running: string;
}

/**
 * A plan, read, update or delete refused before any request because a newer pulumi-idgov last wrote the object's
 * state: this version may not know every field of it, and would drop or misread what it does not know.
 */
export class IdgovNewerStateError extends IdgovObjectError {
  readonly writtenBy: string;
  readonly running: string;

  constructor(message: string, details: NewerStateErrorDetails) {
    super(message, details);
    this.writtenBy = details.writtenBy;
    this.running = details.running;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), writtenBy: this.writtenBy, running: this.running };
  }
}

/** Details of an {@link IdgovUnreadableStateError}. */
export interface UnreadableStateErrorDetails extends ObjectErrorDetails {
  /** The keys of the state this version cannot read, e.g. `__idgov` or `writtenBy`. */
  unreadable: readonly string[];
}

/**
 * A plan, read, update or delete refused before any request because the object's state holds bookkeeping this
 * version cannot read (its recorded writer, or the hidden `__idgov`): read as unset, it would be taken for a state
 * without a writer and rewritten, or its object deleted, on a guess.
 */
export class IdgovUnreadableStateError extends IdgovObjectError {
  readonly unreadable: readonly string[];

  constructor(message: string, details: UnreadableStateErrorDetails) {
    super(message, details);
    this.unreadable = details.unreadable;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), unreadable: this.unreadable };
  }
}
