import { kindNamed } from "../kinds";
import { type ClientFor, objectKey, type TenantEntry, tenantObject } from "./readTenant";
import type { HeldResource } from "./types";

/**
 * A listing never decides a difference alone: it can come from a search whose index trails writes. Every object a
 * stack holds that the listing left out, or answered differently from the stack's state (`differs`), is read again by
 * GET, and `tenant` then holds it as that read says: present as read, or gone on the service's own not-found answer.
 * A difference is rare, so this costs a request per gone or drifted object, not per object.
 */
export async function confirmedByGet(
  tenant: Map<string, TenantEntry>,
  held: Iterable<HeldResource>,
  clientFor: ClientFor,
  differs: (resource: HeldResource, entry: TenantEntry) => boolean,
): Promise<void> {
  const doubtful = new Map<string, HeldResource>();
  for (const resource of held) {
    const at = objectKey(resource.kind, resource.id);
    const entry = tenant.get(at);
    if (!entry || differs(resource, entry)) doubtful.set(at, resource);
  }
  await Promise.all(
    [...doubtful].map(async ([at, { kind, id }]) => {
      const client = clientFor(`audit: read ${kind} ${id}`);
      const live = await kindNamed(kind).api.get(client, id, { byGet: true });
      if (live) tenant.set(at, { object: tenantObject(kind, live), live });
      else tenant.delete(at);
    }),
  );
}
