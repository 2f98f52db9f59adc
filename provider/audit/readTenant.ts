import type { ApiClient, LiveObject } from "../engine";
import { annotationsOf } from "../engine/stateCodec";
import { annotationValue } from "../engine/ownership";
import { KINDS, kindNamed } from "../kinds";
import { displayNameOf, type ListingScope, readKinds } from "../kinds/liveObjects";
import type { KindName } from "../kinds/names";
import type { Stamp, TenantObject } from "./types";

/** One live object of the tenant, with its kind. */
export interface TenantEntry {
  readonly object: TenantObject;
  readonly live: LiveObject;
}

/** A client labelled with the operation its requests serve (errors name it). */
export type ClientFor = (operation: string) => ApiClient;

/** Called once per kind with the number of objects read. */
export type OnKindRead = (kind: KindName, count: number) => void;

/** The key of an object among all kinds: kind and id. */
export function objectKey(kind: string, id: string): string {
  return `${kind}\u0000${id}`;
}

/** The ownership stamps of a live object's annotations (keys it lacks, or empty ones, are left out). */
export function stampOf(fields: Record<string, unknown>): Stamp {
  const annotations = annotationsOf(fields);
  const read = (key: string) => annotationValue(annotations, key) || undefined;
  const tool = read("managed_by");
  const workspace = read("iac_workspace");
  const address = read("iac_resource_address");
  return {
    ...(tool ? { tool } : {}),
    ...(workspace ? { workspace } : {}),
    ...(address ? { address } : {}),
  };
}

/** What classification knows of a live object: its display name (else its id) and, when its kind has them, stamps. */
export function tenantObject(kind: KindName, live: LiveObject): TenantObject {
  const annotated = kindNamed(kind).annotations === true;
  return {
    kind,
    id: live.id,
    displayName: displayNameOf(live),
    ...(annotated ? { stamp: stampOf(live.fields) } : {}),
  };
}

/**
 * Reads every live object of every kind (app resources and access-review scopes within `scope`), the kinds at once:
 * the client bounds the requests in flight, retries and waits out rate limits. Only reads are sent: GETs and list
 * searches. Any failure rejects, naming the operation.
 */
export async function readTenant(
  scope: ListingScope,
  clientFor: ClientFor,
  onKindRead: OnKindRead,
): Promise<Map<string, TenantEntry>> {
  const entries = await readKinds(
    KINDS,
    scope,
    (kind) => {
      const client = clientFor(`audit: read ${kind.name}`);
      return { client: () => client };
    },
    (kind, objects) => {
      const name = kind.name as KindName;
      onKindRead(name, objects.length);
      return objects.map((live) => ({ object: tenantObject(name, live), live }));
    },
  );
  return new Map(entries.map((entry) => [objectKey(entry.object.kind, entry.object.id), entry]));
}
