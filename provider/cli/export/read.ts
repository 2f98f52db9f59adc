import { kindNamed } from "../../kinds";
import { type ApiClient, type LiveObject, managedFieldTable, type ResourceKind } from "../../engine";
import { exportedObject } from "./managed";
import { APP_SCOPED_KINDS, type ExportKind, type ExportedObject } from "./kinds";

type Json = Record<string, unknown>;

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

function context(kind: ResourceKind, plan: ReadPlan) {
  return {
    kind: kind.name as ExportKind,
    fields: managedFieldTable(kind),
    annotations: kind.annotations === true,
    reservedPrefix: plan.reservedPrefix,
    inputSchema: kind.inputSchema,
  };
}

async function listed(kind: ResourceKind, client: ApiClient, inputs: Json = {}): Promise<LiveObject[]> {
  const list = kind.api.list;
  if (!list) throw new Error(`${kind.name} cannot be listed`);
  const objects: LiveObject[] = [];
  for await (const live of list(client, inputs)) objects.push(live);
  return objects;
}

/** Whether a live object belongs to one of the apps `--app` names. */
function inApps(kind: ExportKind, id: string, live: LiveObject, apps: readonly string[]): boolean {
  if (apps.length === 0 || !APP_SCOPED_KINDS.includes(kind)) return true;
  if (kind === "App") return apps.includes(id);
  if (kind === "RequestCatalog") {
    const refs = (live.fields.accessEntitlements ?? []) as { appId?: string }[];
    return refs.some((ref) => ref.appId !== undefined && apps.includes(ref.appId));
  }
  return apps.includes(String(live.fields.appId ?? ""));
}

async function readListed(
  kindName: ExportKind,
  plan: ReadPlan,
  clientFor: ClientFor,
): Promise<ExportedObject[]> {
  const kind = kindNamed(kindName);
  const objects = await listed(kind, clientFor(`export: list ${kindName}`));
  return objects
    .filter((live) => inApps(kindName, live.id, live, plan.apps))
    .map((live) => exportedObject(context(kind, plan), live.id, live));
}

async function readOne(kindName: ExportKind, id: string, plan: ReadPlan, clientFor: ClientFor) {
  const kind = kindNamed(kindName);
  const live = await kind.api.get(clientFor(`export: read ${kindName} ${id}`), id);
  if (!live) throw new Error(`export: read ${kindName} ${id}: it does not exist`);
  return exportedObject(context(kind, plan), id, live);
}

async function readAppResources(plan: ReadPlan, clientFor: ClientFor): Promise<ExportedObject[]> {
  const kind = kindNamed("AppResource");
  const types = plan.appResourceTypes.filter(
    ({ appId }) => plan.apps.length === 0 || plan.apps.includes(appId),
  );
  const perType = await Promise.all(
    types.map(async (type) => {
      const client = clientFor(`export: list AppResource ${type.appId}/${type.appResourceTypeId}`);
      const objects = await listed(kind, client, { ...type });
      // The Pulumi id is `app/type/resource`; adoptId is the resource's own id.
      return objects.map((live) => {
        const ownId = decodeURIComponent(live.id.split("/")[2] ?? live.id);
        return exportedObject(context(kind, plan), ownId, live);
      });
    }),
  );
  return perType.flat();
}

/** Reads one kind of the plan from the tenant. */
export async function readKind(
  kind: ExportKind,
  plan: ReadPlan,
  clientFor: ClientFor,
): Promise<ExportedObject[]> {
  switch (kind) {
    case "App":
    case "RequestCatalog":
    case "Automation":
    case "AuthConfig":
      return readListed(kind, plan, clientFor);
    case "SsoSettings":
    case "XaaSettings":
    case "SessionSettings":
      return [await readOne(kind, String(kindNamed(kind).singleton), plan, clientFor)];
    case "AppResource":
      return readAppResources(plan, clientFor);
    case "AccessReviewScope":
      return Promise.all(plan.accessReviews.map((id) => readOne(kind, id, plan, clientFor)));
  }
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
