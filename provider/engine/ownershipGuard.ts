import { IdgovOwnershipError } from "../errors/object-errors";
import { type EngineContext, resourceLabel } from "./context";
import type { ApiClient, LiveObject, ResourceKind } from "./kind";
import type { DecodedProps } from "./decoded";
import { describeOwner, foreignOwner, type LiveOwner, type Ownership } from "./ownership";
import type { Props } from "./state";
import { annotationsOf } from "./stateCodec";

/** The annotations that hand an object to a new owner when a write sends them. */
const CLAIM_KEYS = ["managed_by", "iac_workspace", "iac_resource_address"];

/** The resource's ownership, when its kind stamps annotations: only those objects can be guarded. */
export function guardedOwnership(kind: ResourceKind, resource: DecodedProps): Ownership | undefined {
  return kind.annotations ? resource.ownership : undefined;
}

/** `App "app-aws" (github)`: the object, and the resource of this stack that manages it. */
function objectLabel(kind: ResourceKind, id: string, resource: DecodedProps): string {
  const name = resourceLabel(resource.ownership, id);
  return name === id ? `${kind.name} "${id}"` : `${kind.name} "${id}" (${name})`;
}

function elsewhere(owner: LiveOwner, ownership: Ownership): string {
  return (
    `its annotations say it is managed by ${describeOwner(owner, ownership)}, ` +
    `not by this stack (workspace "${ownership.workspace}")`
  );
}

function letGo(ownership: Ownership): string {
  return `To let go of it, run \`pulumi state delete '${ownership.resourceAddress}'\` and remove it from the program`;
}

/** What is refused, and what to do instead, for each guarded step. */
const REFUSALS = {
  update: (ownership: Ownership) =>
    `nothing was written. ${letGo(ownership)}; to take it back, set allowTakeover: true`,
  delete: (ownership: Ownership) =>
    `nothing was deleted. ${letGo(ownership)} (the object stays with its owner); ` +
    `to delete it anyway, set allowTakeover: true and run pulumi up before pulumi destroy`,
  plan: (ownership: Ownership) =>
    `this stack will not update or delete it. ${letGo(ownership)}; to take it back, set allowTakeover: true`,
} as const;

/** The message for a refused step: which object, which owner, what was refused, what to do. */
export function ownershipRefusal(
  step: keyof typeof REFUSALS,
  kind: ResourceKind,
  id: string,
  resource: DecodedProps,
  owner: LiveOwner,
  ownership: Ownership,
): string {
  const verb = step === "plan" ? "" : `${step} refused: `;
  return `${verb}${objectLabel(kind, id, resource)}: ${elsewhere(owner, ownership)}; ${REFUSALS[step](ownership)}`;
}

/**
 * Throws the refusal for `step` when the live annotations of an annotated kind name another owner and the program
 * does not set `allowTakeover`. The address the state stamped (`stampedAddress`) is this resource's own.
 */
export function refuseForeign(
  step: keyof typeof REFUSALS,
  kind: ResourceKind,
  id: string,
  resource: DecodedProps,
  live: Props,
  stampedAddress?: string,
): void {
  const ownership = guardedOwnership(kind, resource);
  if (!ownership || resource.state.allowTakeover === true) return;
  const owner = foreignOwner(annotationsOf(live), ownership, stampedAddress);
  if (owner) {
    throw new IdgovOwnershipError(ownershipRefusal(step, kind, id, resource, owner, ownership), {
      kind: kind.name,
      objectId: id,
    });
  }
}

/**
 * Reads the object before an update or delete and refuses (writing nothing) when its live annotations name another
 * owner. Answers the live object, or undefined when it is gone.
 */
export async function readBeforeWrite(
  step: "update" | "delete",
  kind: ResourceKind,
  ctx: EngineContext,
  id: string,
  resource: DecodedProps,
  stampedAddress?: string,
): Promise<LiveObject | undefined> {
  const label = resourceLabel(resource.ownership, id);
  const live = await kind.api.get(ctx.client(`${step} ${kind.name} ${label}`), id);
  if (live) refuseForeign(step, kind, id, resource, live.fields, stampedAddress);
  return live;
}

/** Whether a write hands the object to this resource: it sends the owner annotations. */
function claims(entity: Props): boolean {
  const annotations = annotationsOf(entity) ?? {};
  return CLAIM_KEYS.some((key) => key in annotations);
}

/**
 * After a write, the owner the object names when another stack or tool claimed it meanwhile, or undefined. A write
 * that claimed the object (adoption, takeover) reads it again, since its own answer shows its own claim; any other
 * write's answer shows the owner as it was after the write.
 */
export async function ownerAfterWrite(
  kind: ResourceKind,
  client: ApiClient,
  written: LiveObject,
  sent: Props,
  desired: DecodedProps,
): Promise<LiveOwner | undefined> {
  const ownership = guardedOwnership(kind, desired);
  if (!ownership) return undefined;
  const after = claims(sent) ? ((await kind.api.get(client, written.id)) ?? written) : written;
  return foreignOwner(annotationsOf(after.fields), ownership);
}

/** The message for a write that went through while another owner claimed the object. */
export function claimedDuringWrite(
  kind: ResourceKind,
  id: string,
  desired: DecodedProps,
  owner: LiveOwner,
): string {
  const ownership = desired.ownership ?? { workspace: "", resourceAddress: "" };
  return (
    `${objectLabel(kind, id, desired)}: the write went through, but ${elsewhere(owner, ownership)}: another stack ` +
    `or tool claimed it at the same time. The state records what was written; this stack will refuse further ` +
    `writes. ${letGo(ownership)}; to take it back, set allowTakeover: true`
  );
}
