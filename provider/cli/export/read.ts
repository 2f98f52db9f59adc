import { IdgovError, IdgovMissingObjectError } from "../../errors";
import { type KindDeclaration, kindNamed } from "../../kinds";
import { type ListingScope, type ReadOptions, readKinds } from "../../kinds/liveObjects";
import { type ApiClient, type LiveObject, managedFieldTable } from "../../engine";
import { exportedObject } from "./managed";
import type { ExportKind, ExportedObject } from "./kinds";
import { UnmatchedIdError } from "./unmatchedIdError";

/** An `(app, resource type)` pair whose app resources are read. */
export interface AppResourceType {
  readonly appId: string;
  readonly appResourceTypeId: string;
}

/** What to read from the tenant. */
export interface ReadPlan {
  readonly kinds: ReadonlySet<ExportKind>;
  /** Only these apps and the objects that belong to them; empty: every app. */
  readonly apps: readonly string[];
  /** Only the objects with these ids (their Pulumi id, or their own); empty: every object. */
  readonly ids: readonly string[];
  readonly appResourceTypes: readonly AppResourceType[];
  /** Campaigns whose scope is read (campaigns cannot be listed). */
  readonly accessReviews: readonly string[];
  readonly reservedPrefix: string;
}

/** A client labelled with the operation its requests serve (errors name it). */
export type ClientFor = (operation: string) => ApiClient;

/** Called once per kind with the number of objects read. */
export type OnProgress = (kind: ExportKind, read: number) => void;

function context(kind: KindDeclaration, plan: ReadPlan) {
  return {
    kind: kind.name as ExportKind,
    answersOnce: (kind.onceOutputs ?? []).length > 0,
    fields: managedFieldTable(kind),
    annotations: kind.annotations === true,
    reservedPrefix: plan.reservedPrefix,
    inputSchema: kind.inputSchema,
  };
}

/** Whether a live object belongs to one of the apps `--app` names (every object, when none is named). */
function inApps(kind: KindDeclaration, live: LiveObject, apps: readonly string[]): boolean {
  if (apps.length === 0 || !kind.appsOf) return true;
  return kind.appsOf(live.id, live.fields).some((app) => apps.includes(app));
}

/** The collections and campaigns the plan names: the collections of the apps `--app` names, when it names any. */
function scopeOf(plan: ReadPlan): ListingScope {
  return {
    appResourceCollections: plan.appResourceTypes.filter(
      ({ appId }) => plan.apps.length === 0 || plan.apps.includes(appId),
    ),
    accessReviews: plan.accessReviews,
  };
}

/**
 * Reads every kind of the plan, the kinds at once, the way each kind's declaration says, and reports each kind's
 * count as it completes. Any failure rejects, naming the operation.
 */
export async function readTenant(
  plan: ReadPlan,
  clientFor: ClientFor,
  onProgress: OnProgress,
): Promise<ExportedObject[]> {
  const options: ReadOptions = {
    client: (operation) => clientFor(`export: ${operation}`),
    gone: (operation, kind, objectId) =>
      new IdgovMissingObjectError(`export: ${operation}: it does not exist`, { kind, objectId }),
  };
  const matched = new Set<string>();
  const objects = await readKinds(
    [...plan.kinds].map(kindNamed),
    scopeOf(plan),
    () => options,
    (kind, objects) => {
      const named = (id: string, ownId: string) => {
        const found = plan.ids.filter((asked) => asked === id || asked === ownId);
        for (const asked of found) matched.add(asked);
        return plan.ids.length === 0 || found.length > 0;
      };
      const exported = objects
        .filter((live) => inApps(kind, live, plan.apps))
        .map((live) => ({ live, ownId: kind.ownIdOf?.(live.id) ?? live.id }))
        .filter(({ live, ownId }) => named(live.id, ownId))
        .map(({ live, ownId }) => exportedObject(context(kind, plan), ownId, live));
      onProgress(kind.name as ExportKind, exported.length);
      return exported;
    },
  );
  const unmatched = plan.ids.filter((id) => !matched.has(id));
  if (unmatched.length > 0) {
    const appsText = plan.apps.length > 0 ? ` of the apps ${plan.apps.join(", ")}` : "";
    throw new UnmatchedIdError(
      `--id ${unmatched.join(",")}: no object${appsText} among the kinds read (${[...plan.kinds].join(", ")}) ` +
        `has ${unmatched.length === 1 ? "this id" : "these ids"}: nothing was written`,
    );
  }
  return objects;
}
