import { IdgovAdoptionError } from "../errors/object-errors";
import { isAmbiguousWriteFailure } from "./ambiguous";
import { type EngineContext, resourceLabel } from "./context";
import type { DecodedProps } from "./decoded";
import { ResourceInitError } from "./initError";
import { leftBehindObject, recordCreated } from "./leftBehind";
import { lookForLostObject } from "./lostCreate";
import type { LiveObject, ResourceKind } from "./kind";
import { ownershipAnnotations, ownershipConflict } from "./ownership";
import { managementOf, planChanges, planWrite } from "./plan";
import { buildOutputs, type Props } from "./state";
import { annotationsOf } from "./stateCodec";
import { applyWrite, recordReplaced } from "./write";
import { digestWriteOnly } from "./writeOnly";

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function createBody(kind: ResourceKind, desired: DecodedProps, toolVersion: string): Props {
  const inputs = desired.props;
  const body: Props = {};
  for (const name of Object.keys(kind.fields)) {
    if (inputs[name] !== undefined && inputs[name] !== null) body[name] = inputs[name];
  }
  const { ownership } = desired;
  if (kind.annotations && ownership) {
    body.annotations = { ...annotationsOf(inputs), ...ownershipAnnotations(ownership, toolVersion) };
  }
  return body;
}

/**
 * Creates the object once. When the outcome of a create is unknown (a timeout, a reset, a 5xx, a lost answer), it
 * looks for the object stamped with this resource's address before creating again, so a lost answer never makes
 * two: after a timeout, while the service may still be carrying the create out, it only looks (until the retry
 * budget is spent, then fails with "outcome unknown"); after other failures it creates again, within the client's
 * retry budget, once a lookup found nothing.
 */
async function createOnce(
  kind: ResourceKind,
  ctx: EngineContext,
  desired: DecodedProps,
  label: string,
): Promise<LiveObject> {
  const inputs = desired.props;
  const create = kind.api.create;
  if (!create) {
    throw new IdgovAdoptionError(`${kind.name} cannot be created; set adoptId to manage an existing one`, {
      kind: kind.name,
    });
  }
  const client = ctx.client(`create ${kind.name} ${label}`);
  const body = createBody(kind, desired, ctx.toolVersion);
  const address = desired.ownership?.resourceAddress;
  const sentAt = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await create(client, body, inputs);
    } catch (error) {
      if (!isAmbiguousWriteFailure(error) || !kind.api.findByAddress || !address) throw error;
      const lost = { kind, label, address, inputs, sentAt, error };
      const found = await lookForLostObject(lost, ctx, client);
      if (found) return found;
      if (!(await client.waitToRetry(attempt, error, sentAt))) throw error;
    }
  }
}

/**
 * The id of the existing object that create adopts instead of creating one, or undefined to create: the kind's own
 * `existingId` when it declares one, else a singleton's fixed id, else the `adoptId` input.
 */
export function existingIdOf(kind: ResourceKind, inputs: Props): string | undefined {
  if (kind.existingId) return kind.existingId(inputs);
  if (kind.singleton !== undefined) return kind.singleton;
  return typeof inputs.adoptId === "string" ? inputs.adoptId : undefined;
}

async function adopt(
  kind: ResourceKind,
  ctx: EngineContext,
  desired: DecodedProps,
  id: string,
  label: string,
): Promise<LiveObject> {
  const live = await kind.api.get(ctx.client(`adopt ${kind.name} ${label}`), id);
  if (!live) {
    throw new IdgovAdoptionError(
      kind.existingId || kind.singleton !== undefined
        ? `no ${kind.name} "${id}" exists to manage`
        : `adoptId "${id}": no ${kind.name} with that id exists`,
      { kind: kind.name, objectId: id },
    );
  }
  const { ownership } = desired;
  if (kind.annotations && ownership && desired.state.allowTakeover !== true) {
    const conflict = ownershipConflict(annotationsOf(live.fields), ownership);
    if (conflict) {
      throw new IdgovAdoptionError(
        `cannot adopt ${kind.name} "${id}": it is managed elsewhere (${conflict}); ` +
          `set allowTakeover: true to take it over`,
        { kind: kind.name, objectId: id },
      );
    }
  }
  return live;
}

/** How create came by the object it then brings to the program's values. */
type Origin = "created" | "adopted" | "leftBehind";

async function startingObject(
  kind: ResourceKind,
  ctx: EngineContext,
  desired: DecodedProps,
  label: string,
): Promise<{ start: LiveObject; origin: Origin }> {
  const existingId = existingIdOf(kind, desired.props);
  if (existingId !== undefined)
    return { start: await adopt(kind, ctx, desired, existingId, label), origin: "adopted" };
  const left = await leftBehindObject(kind, ctx, desired, label);
  if (left) return { start: left, origin: "leftBehind" };
  const created = await createOnce(kind, ctx, desired, label);
  await recordCreated(kind, ctx, desired, created);
  return { start: created, origin: "created" };
}

/** Called with the object an adoption read, before anything is written to it; throwing stops the adoption. */
export type BeforeAdopting = (live: LiveObject) => Promise<void>;

/**
 * Creates the object, or adopts the existing one named by `adoptId` (always, for a singleton), or finishes the one
 * an earlier run made for this resource and did not record.
 */
export async function createResource(
  kind: ResourceKind,
  ctx: EngineContext,
  desired: DecodedProps,
  beforeAdopting?: BeforeAdopting,
): Promise<{ id: string; outs: Props }> {
  const inputs = desired.props;
  const label = resourceLabel(desired.ownership, kind.name);
  const { start, origin } = await startingObject(kind, ctx, desired, label);
  const adopting = origin === "adopted";
  if (adopting && beforeAdopting) await beforeAdopting(start);
  // A create sent the write-only values already; those of an object found are unknown, so they are sent.
  const writeOnlyDigests = origin === "created" ? digestWriteOnly(kind.fields, inputs) : {};
  const management = { ...managementOf(undefined), writeOnlyDigests };
  const plan = planWrite(kind, inputs, start.fields, management, ctx.toolVersion, desired.ownership);
  if (adopting && plan.replaces.length > 0) {
    throw new IdgovAdoptionError(
      `cannot adopt ${kind.name} "${start.id}": ${plan.replaces.join(", ")} differs from the program ` +
        `and cannot be changed in place`,
      { kind: kind.name, objectId: start.id },
    );
  }
  const replacedValues = adopting ? recordReplaced(kind, {}, inputs, start.fields) : undefined;
  const recorded = { writeOnlyDigests, ...(replacedValues ? { replacedValues } : {}) };
  const previous = { props: { ...start.once, ...recorded }, state: recorded, ownership: undefined };
  if (!planChanges(plan)) return { id: start.id, outs: buildOutputs(kind, start, previous, desired) };
  const verb = adopting ? "adopt" : "create";
  try {
    const live = await applyWrite(kind, ctx.client(`${verb} ${kind.name} ${label}`), {
      id: start.id,
      plan,
      desired,
      live: start,
      previous,
    });
    return { id: live.id, outs: buildOutputs(kind, live, previous, desired) };
  } catch (error) {
    if (error instanceof ResourceInitError) throw error;
    // The object exists but the write after it failed: Pulumi records it as it is, so a rerun updates it and
    // destroy deletes it. The write-only values that write carried were not sent.
    const unsentDigests = { writeOnlyDigests: withoutPaths(writeOnlyDigests, plan.mask) };
    const unsent = {
      props: { ...previous.props, ...unsentDigests },
      state: { ...previous.state, ...unsentDigests },
      ownership: undefined,
    };
    throw new ResourceInitError(
      `${verb} ${kind.name} ${label}: ${kind.name} ${start.id} exists but was not finished ` +
        `(${reasonOf(error)}); run again to finish it`,
      start.id,
      buildOutputs(kind, start, unsent, desired),
      error,
    );
  }
}

/** `digests` without the ones at or below any of `paths`. */
function withoutPaths(digests: Record<string, string>, paths: readonly string[]): Record<string, string> {
  const sentLater = (key: string) => paths.some((path) => key === path || key.startsWith(`${path}.`));
  return Object.fromEntries(Object.entries(digests).filter(([key]) => !sentLater(key)));
}
