import { mayStillBeRunning } from "../client/stillRunning";
import { IdgovLostCreateError } from "../errors/object-errors";
import type { EngineContext } from "./context";
import type { ApiClient, LiveObject, ResourceKind } from "./kind";

/** A create whose answer never came: what it was, and why its answer is missing. */
export interface LostCreate {
  readonly kind: ResourceKind;
  readonly label: string;
  /** The `iac_resource_address` its object carries (an auth config: its resource address, matched by name). */
  readonly address: string;
  readonly inputs: Record<string, unknown>;
  /** When the create was first sent (epoch ms). */
  readonly sentAt: number;
  /** The failure that lost the answer. */
  readonly error: unknown;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function lookOnce(lost: LostCreate, client: ApiClient): Promise<LiveObject | undefined> {
  const { kind, label, address, inputs, sentAt, error } = lost;
  const found = await kind.api.findByAddress!(client, address, inputs, sentAt).catch((lookup: unknown) => {
    throw new IdgovLostCreateError(
      `create ${kind.name} ${label}: the answer to the create was lost (${reasonOf(error)}) and looking for ` +
        `the object it may have made failed (${reasonOf(lookup)}); if an object stamped ` +
        `iac_resource_address=${address} exists, adopt it with adoptId`,
      { kind: kind.name, address, candidates: [], cause: lookup },
    );
  });
  if (found.length > 1) {
    const candidates = found.map((live) => live.id);
    throw new IdgovLostCreateError(
      `create ${kind.name} ${label}: the answer to the create was lost and ${found.length} objects could be ` +
        `the one it made (${candidates.join(", ")}); adopt the right one with adoptId and delete the others`,
      { kind: kind.name, address, candidates, cause: error },
    );
  }
  return found[0];
}

function outcomeUnknown(lost: LostCreate, lookups: number): IdgovLostCreateError {
  const { kind, label, address, sentAt, error } = lost;
  const seconds = Math.round((Date.now() - sentAt) / 1000);
  const whose = kind.annotations ? `stamped iac_resource_address=${address}` : "it may have made";
  const next = kind.annotations
    ? "run again, and the next run adopts the object if the service made it, or creates it"
    : `it carries no stamp the next run can find: before running again, look for a ${kind.name} of this name ` +
      "and adopt it with adoptId if the service made it";
  return new IdgovLostCreateError(
    `create ${kind.name} ${label}: outcome unknown: the service was still carrying out the create when the ` +
      `client stopped waiting (${reasonOf(error)}), and no ${kind.name} ${whose} appeared in ` +
      `${lookups} lookup${lookups === 1 ? "" : "s"} over ${seconds} s (idgov:retryBudgetMs). It is not sent ` +
      `again, so that it cannot be made twice: ${next}`,
    { kind: kind.name, address, candidates: [], cause: error },
  );
}

/**
 * Looks for the object a create whose answer never came may have made, never sending the create again itself:
 * answers the object found, or undefined when the service is done with the request and made none (the caller may
 * then create again). While the service may still be carrying the create out (it timed out), it looks again with
 * growing waits until the retry budget is spent, then fails with "outcome unknown": the create is not sent again in
 * this run, and the process lists the collection afresh before its next create of the same resource.
 */
export async function lookForLostObject(
  lost: LostCreate,
  ctx: EngineContext,
  client: ApiClient,
): Promise<LiveObject | undefined> {
  let lookup = 0;
  for (; await client.waitForRunningRequest(lost.error, lookup, lost.sentAt); lookup += 1) {
    const found = await lookOnce(lost, client);
    if (found) return found;
  }
  if (!mayStillBeRunning(lost.error)) return undefined;
  const listing = lost.kind.api.addressListing?.(lost.inputs);
  if (listing) ctx.addresses?.relist(listing);
  throw outcomeUnknown(lost, lookup);
}
