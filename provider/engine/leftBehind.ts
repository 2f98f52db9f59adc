import { IdgovLostCreateError } from "../errors/object-errors";
import { resourceAddressAnnotation } from "./address";
import type { EngineContext } from "./context";
import type { DecodedProps } from "./decoded";
import type { LiveObject, ResourceKind } from "./kind";
import { managementOf, planWrite } from "./plan";

/** The `iac_resource_address` the resource's objects carry, the key of the address index. */
function stampedAddress(desired: DecodedProps): string | undefined {
  const urn = desired.ownership?.resourceAddress;
  return urn === undefined ? undefined : resourceAddressAnnotation(urn);
}

/**
 * The object an earlier run made for this resource and did not record (it was cancelled or killed before its state
 * was written), found by the `iac_resource_address` it carries: create finishes it instead of making a second one.
 * Undefined when there is none, when the kind has no annotations, or when the one there differs in a field that
 * cannot change in place (it is the object a replacement is replacing, deleted once the new one exists). Fails,
 * creating nothing, when several objects carry the address. Costs one listing per collection per process, and one
 * read per object found.
 */
export async function leftBehindObject(
  kind: ResourceKind,
  ctx: EngineContext,
  desired: DecodedProps,
  label: string,
): Promise<LiveObject | undefined> {
  const address = stampedAddress(desired);
  const listing = kind.api.addressListing?.(desired.props);
  if (!address || !listing || !ctx.addresses) return undefined;
  const found = await ctx.addresses.find(listing, ctx.client(`create ${kind.name} ${label}`), address);
  if (found.length > 1) {
    const candidates = found.map((live) => live.id);
    throw new IdgovLostCreateError(
      `create ${kind.name} ${label}: ${found.length} objects already carry iac_resource_address=${address} ` +
        `(${candidates.join(", ")}); adopt the right one with adoptId and delete the others`,
      { kind: kind.name, address, candidates },
    );
  }
  const [listed] = found;
  if (!listed) return undefined;
  // Read again: the listing may be older than the run (and than a delete made outside it).
  const live = await kind.api.get(ctx.client(`create ${kind.name} ${label}`), listed.id);
  if (!live) {
    await ctx.addresses.forget(listed.id);
    return undefined;
  }
  const management = { ...managementOf(undefined), writeOnlyDigests: {} };
  const plan = planWrite(kind, desired.props, live.fields, management, ctx.toolVersion, desired.ownership);
  return plan.replaces.length > 0 ? undefined : live;
}

/** Notes in the process's address index an object create made, so later lookups of its listing see it. */
export async function recordCreated(
  kind: ResourceKind,
  ctx: EngineContext,
  desired: DecodedProps,
  live: LiveObject,
) {
  const address = stampedAddress(desired);
  const listing = kind.api.addressListing?.(desired.props);
  if (address && listing && ctx.addresses) await ctx.addresses.record(listing, address, live);
}
