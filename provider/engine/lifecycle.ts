import { isDeepStrictEqual } from "node:util";
import { IdgovMissingObjectError } from "../errors/object-errors";
import { canonicalJson, canonicalValue, sameCanonical } from "./canonical";
import { inTableOrder } from "./changes";
import { type EngineContext, resourceLabel } from "./context";
import type { DecodedProps } from "./decoded";
import { fieldAt } from "./fields";
import { annotationValue, foreignOwner, type Ownership } from "./ownership";
import { guardedOwnership, readBeforeWrite, refuseForeign } from "./ownershipGuard";
import type { LiveObject, ResourceKind } from "./kind";
import { getPath, setPath } from "./paths";
import { liveFieldsOf, managementOf, planChanges, planWrite } from "./plan";
import { buildOutputs, CONTROL_KEYS, leavesObjectOnDelete, type Props } from "./state";
import { annotationsOf, readState } from "./stateCodec";
import { applyWrite, recordReplaced } from "./write";

export interface DiffResult {
  readonly changes: boolean;
  readonly replaces: string[];
  readonly deleteBeforeReplace: boolean;
  /** The input paths that differ, in field-table order, then the changed side fields and control inputs. */
  readonly changedPaths: readonly string[];
}

function changedControls(olds: Props, news: Props): string[] {
  return ["restoreOnDelete", "allowTakeover", "deleteOnDestroy"].filter(
    (key) => (olds[key] ?? false) !== (news[key] ?? false),
  );
}

/**
 * Compares the program's inputs with the last known live object: always an explicit `changes`. When the last read
 * found the object claimed by another owner, and the program does not set `allowTakeover`, it fails naming the owner.
 */
export function diffResource(
  kind: ResourceKind,
  id: string,
  olds: DecodedProps,
  news: DecodedProps,
  toolVersion: string,
): DiffResult {
  const previous = managementOf(olds);
  refuseForeign("plan", kind, id, news, olds.props, previous.stampedAddress);
  const plan = planWrite(
    kind,
    news.props,
    liveFieldsOf(kind, olds.props),
    previous,
    toolVersion,
    news.ownership,
  );
  const controls = changedControls(olds.props, news.props);
  return {
    changes: planChanges(plan) || controls.length > 0,
    replaces: [...plan.replaces],
    deleteBeforeReplace: false,
    changedPaths: [...plan.changedPaths, ...plan.sideFields, ...controls],
  };
}

/** The inputs a refreshed resource would have had to produce the live object: drift shows up as input changes. */
function inputsFromLive(kind: ResourceKind, outputs: Props, previous: Props): Props {
  const inputs: Props = {};
  for (const key of CONTROL_KEYS) if (previous[key] !== undefined) inputs[key] = previous[key];
  // The outputs were just written from known values: this reads back what buildOutputs wrote.
  const state = readState(outputs);
  for (const path of state.managedFields ?? []) {
    const spec = fieldAt(kind.fields, path);
    if (spec?.writeOnly) {
      // The secret last sent: the service never answers it, so it cannot have drifted.
      const sent = state.writeOnlyValues?.[path];
      if (sent !== undefined) setPath(inputs, path, sent);
      continue;
    }
    const raw = getPath(outputs, path);
    // Opaque values as the program would write them: the members the service answers unset are left out, so the
    // engine's line names only the fields that really drifted.
    const opaque = spec?.type === "list" || spec?.type === "json";
    const value = opaque ? canonicalJson(raw, spec.type === "list" || spec.presence === true) : raw;
    if (value !== undefined && value !== null) setPath(inputs, path, value);
  }
  const live = annotationsOf(outputs) ?? {};
  const keys = (state.managedAnnotationKeys ?? []).filter((key) => Object.hasOwn(live, key));
  if (keys.length > 0) inputs.annotations = Object.fromEntries(keys.map((key) => [key, live[key]]));
  return inputs;
}

/** Whether every managed field and annotation reads as the state last knew it, compared canonically (sets as sets). */
function managedUnchanged(kind: ResourceKind, outputs: Props, previousState: DecodedProps): boolean {
  const { props: previous, state: before } = previousState;
  const fieldsUnchanged = (before.managedFields ?? []).every((path) => {
    const spec = fieldAt(kind.fields, path) ?? kind.sideFields?.[path]?.spec;
    if (!spec) return isDeepStrictEqual(getPath(outputs, path), getPath(previous, path));
    if (spec.writeOnly) return true;
    return sameCanonical(
      canonicalValue(getPath(outputs, path), spec),
      canonicalValue(getPath(previous, path), spec),
    );
  });
  const live = annotationsOf(outputs) ?? {};
  const known = annotationsOf(previous) ?? {};
  const keys = before.managedAnnotationKeys ?? [];
  return fieldsUnchanged && keys.every((key) => annotationValue(live, key) === annotationValue(known, key));
}

/** A live object beside the state: its outputs, a foreign owner it names, and what differs from the state. */
function compared(kind: ResourceKind, live: LiveObject, state: DecodedProps) {
  const outputs = buildOutputs(kind, live, state);
  const ownership = guardedOwnership(kind, state);
  const owner = ownership && foreignOwner(annotationsOf(live.fields), ownership);
  const unchanged = managedUnchanged(kind, outputs, state);
  const differs =
    Boolean(owner) ||
    !unchanged ||
    !isDeepStrictEqual(liveFieldsOf(kind, outputs), liveFieldsOf(kind, state.props));
  return { live, outputs, owner, managedUnchanged: unchanged, differs };
}

/** What a read answers: the id (empty when the object is gone), the outputs, and the inputs when they differ. */
export interface ReadResult {
  readonly id: string;
  readonly props: Props;
  readonly inputs?: Props;
  /** The owner the live object's stamps name, when another workspace or tool claimed it since the state was written. */
  readonly claimedBy?: Ownership;
}

/**
 * Reads the live object; a missing object reads as gone (empty id). When a managed field changed since the state
 * was written, the answer carries the inputs that would produce the live object, so drift shows as input changes.
 * A change of owner (the ownership annotations name another workspace or tool) shows the same way, and is named
 * (`claimedBy`) for a door that shows it as a change of the ownership it gives.
 * When nothing managed changed it carries none, and the engine keeps the program's inputs (their write-only
 * secrets, their order of sets): Pulumi shows a refresh's input differences on its line, so a clean drift run
 * would otherwise name fields that did not drift.
 */
export async function readResource(
  kind: ResourceKind,
  ctx: EngineContext,
  id: string,
  state: DecodedProps,
): Promise<ReadResult> {
  const client = ctx.client(`read ${kind.name} ${resourceLabel(state.ownership, id)}`);
  const found = await kind.api.get(client, id);
  let read = found && compared(kind, found, state);
  // A search can trail writes: what it answers differently from the state is confirmed by a GET of the object.
  if (found?.bySearch && read?.differs) {
    const confirmed = await kind.api.get(client, id, { byGet: true });
    read = confirmed && compared(kind, confirmed, state);
  }
  if (!read) return { id: "", props: {} };
  const { live, outputs, owner } = read;
  if (!owner && read.managedUnchanged) return { id: live.id, props: outputs };
  const inputs = inputsFromLive(kind, outputs, state.props);
  if (!owner) return { id: live.id, props: outputs, inputs };
  const claimedBy = { workspace: owner.workspace ?? "", resourceAddress: owner.resourceAddress ?? "" };
  return { id: live.id, props: outputs, inputs, claimedBy };
}

/**
 * Sends the smallest write that makes the live object match the program; nothing when nothing changed. An annotated
 * object is read first: when its annotations name another owner and the program does not set `allowTakeover`, the
 * update is refused and nothing is written; otherwise the write is planned against what was read.
 */
export async function updateResource(
  kind: ResourceKind,
  ctx: EngineContext,
  id: string,
  olds: DecodedProps,
  news: DecodedProps,
): Promise<{ outs: Props }> {
  const label = resourceLabel(news.ownership, id);
  let liveFields = liveFieldsOf(kind, olds.props);
  const management = managementOf(olds);
  let plan = planWrite(kind, news.props, liveFields, management, ctx.toolVersion, news.ownership);
  if (planChanges(plan) && guardedOwnership(kind, news)) {
    const fresh = await readBeforeWrite("update", kind, ctx, id, news, management.stampedAddress);
    if (!fresh) {
      throw new IdgovMissingObjectError(
        `update ${kind.name} ${label}: "${id}" no longer exists (deleted outside Pulumi); ` +
          `run pulumi refresh to drop it from the state, then pulumi up to create it again`,
        { kind: kind.name, objectId: id },
      );
    }
    liveFields = fresh.fields;
    plan = planWrite(kind, news.props, liveFields, management, ctx.toolVersion, news.ownership);
  }
  const recorded = olds.state.replacedValues;
  const replaced =
    recorded === undefined
      ? {}
      : { replacedValues: recordReplaced(kind, recorded, news.props, liveFields, management.managedFields) };
  const previous = {
    props: { ...olds.props, ...replaced },
    state: { ...olds.state, ...replaced },
    ownership: olds.ownership,
  };
  const live = { id, fields: liveFields };
  if (!planChanges(plan)) return { outs: buildOutputs(kind, live, previous, news) };
  const client = ctx.client(`update ${kind.name} ${label}`);
  const updated = await applyWrite(kind, client, { id, plan, desired: news, live, previous });
  return { outs: buildOutputs(kind, updated, previous, news) };
}

/**
 * Whether destroy deletes the object. An object without annotations cannot say who manages it, so one this stack
 * adopted is deleted only when the program sets `deleteOnDestroy: true`; one it created is, unless it sets false.
 */
function deleteIntended(kind: ResourceKind, state: DecodedProps): boolean {
  if (kind.annotations) return true;
  const { deleteOnDestroy, adoptId } = state.state;
  return deleteOnDestroy ?? adoptId === undefined;
}

/**
 * Deletes the object (already gone counts as done). An annotated object is read first, and left with a refusal when
 * its annotations name another owner and the state does not set `allowTakeover`. An adopted object without
 * annotations is left unless the program set `deleteOnDestroy`. Singletons and replace-style kinds are left as they
 * are, or, with `restoreOnDelete`, given back the values they had before this stack managed them (recorded once,
 * never from drift).
 */
export async function deleteResource(
  kind: ResourceKind,
  ctx: EngineContext,
  id: string,
  state: DecodedProps,
): Promise<void> {
  const label = resourceLabel(state.ownership, id);
  if (kind.api.delete && !leavesObjectOnDelete(kind)) {
    if (!deleteIntended(kind, state)) return;
    if (guardedOwnership(kind, state) && !(await readBeforeWrite("delete", kind, ctx, id, state))) return;
    await kind.api.delete(ctx.client(`delete ${kind.name} ${label}`), id);
    await ctx.addresses?.forget(id);
    return;
  }
  const { replacedValues: recorded, restoreOnDelete } = state.state;
  if (restoreOnDelete !== true || !recorded || Object.keys(recorded).length === 0) return;
  const entity: Props = {};
  for (const [path, value] of Object.entries(recorded)) if (value !== null) setPath(entity, path, value);
  const mask = kind.replaceStyleUpdate
    ? Object.keys(kind.fields)
    : inTableOrder(kind.fields, Object.keys(recorded));
  await kind.api.update(ctx.client(`restore ${kind.name} ${label}`), id, entity, mask);
}
