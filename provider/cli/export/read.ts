import { type KindDeclaration, kindNamed } from "../../kinds";
import { readLiveObjects } from "../../kinds/liveObjects";
import { type ApiClient, type LiveObject, managedFieldTable } from "../../engine";
import { exportedObject } from "./managed";
import type { ExportKind, ExportedObject } from "./kinds";

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

/** Reads one kind of the plan from the tenant, the way its declaration says. */
export async function readKind(
  kindName: ExportKind,
  plan: ReadPlan,
  clientFor: ClientFor,
): Promise<ExportedObject[]> {
  const kind = kindNamed(kindName);
  const scope = {
    appResourceCollections: plan.appResourceTypes.filter(
      ({ appId }) => plan.apps.length === 0 || plan.apps.includes(appId),
    ),
    accessReviews: plan.accessReviews,
  };
  const objects = await readLiveObjects(kind, scope, {
    client: (operation) => clientFor(`export: ${operation}`),
    gone: (operation) => new Error(`export: ${operation}: it does not exist`),
  });
  return objects
    .filter((live) => inApps(kind, live, plan.apps))
    .map((live) => exportedObject(context(kind, plan), kind.ownIdOf?.(live.id) ?? live.id, live));
}

/**
 * Reads every kind of the plan, the kinds at once (the client bounds the requests in flight and waits out rate
 * limits), and reports each kind's count as it completes. Any failure rejects, naming the operation.
 */
export async function readTenant(
  plan: ReadPlan,
  clientFor: ClientFor,
  onProgress: OnProgress,
): Promise<ExportedObject[]> {
  const kinds = [...plan.kinds];
  const perKind = await Promise.all(
    kinds.map(async (kind) => {
      const objects = await readKind(kind, plan, clientFor);
      onProgress(kind, objects.length);
      return objects;
    }),
  );
  return perKind.flat();
}
