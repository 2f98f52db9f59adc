import type { ConfigSource, ProviderConfig } from "../client/config";
import { sharedConnection } from "../client/sharedClient";
import { packageVersion } from "../version";
import { classify, type Holding } from "./classify";
import { confirmedByGet } from "./confirm";
import { driftedFields } from "./drift";
import { type IgnoreRule, ignores } from "./ignore";
import { kindsListedBy } from "../kinds";
import type { AppResourceCollection, ListingScope } from "../kinds/liveObjects";
import { objectKey, readTenant } from "./readTenant";
import { type AuditSummary, summarize } from "./outcome";
import { StackStateError } from "./stackState";
import type { AuditObject, Door, HeldResource, StackState } from "./types";

/** What one audit reads and how. */
export interface AuditOptions {
  /** The given stacks' states, already read. */
  readonly stacks: readonly StackState[];
  /** Further app-resource collections to list, beyond those the stacks hold resources in. */
  readonly appResourceCollections: readonly AppResourceCollection[];
  readonly ignore: readonly IgnoreRule[];
  /** Resolved connection settings, or a source of `idgov:*` keys whose unset keys fall back to `IDGOV_*` variables. */
  readonly config: ConfigSource | ProviderConfig;
}

/** The outcome of one audit. */
export interface AuditReport {
  /** Every object not ignored, in a fixed order (by kind, then id). */
  readonly objects: readonly AuditObject[];
  readonly summary: AuditSummary;
  /** The names of the given stacks. */
  readonly stacks: readonly string[];
  /** Where the audit read: the service's base URL. */
  readonly baseUrl: string;
  /** The doors the given stacks' resources came through (none when no stack holds one), for the next steps. */
  readonly doors: readonly Door[];
}

/** Where the audit reports progress (stderr). */
export type Report = (line: string) => void;

function collectionOf(resource: HeldResource): AppResourceCollection | undefined {
  const [appId, appResourceTypeId] = resource.id.split("/").map(decodeURIComponent);
  return appId && appResourceTypeId ? { appId, appResourceTypeId } : undefined;
}

/** The collections and campaigns the stacks hold objects in, with the extra collections asked for, each once. */
export function listingScopeOf(
  stacks: readonly StackState[],
  extra: readonly AppResourceCollection[],
): ListingScope {
  const held = stacks.flatMap((stack) => stack.resources);
  const collections = new Map<string, AppResourceCollection>();
  const listedByCollection = kindsListedBy("collections");
  const found = held.filter((resource) => listedByCollection.has(resource.kind)).map(collectionOf);
  for (const collection of [...found, ...extra]) {
    if (collection) collections.set(`${collection.appId}/${collection.appResourceTypeId}`, collection);
  }
  const named = kindsListedBy("named");
  const accessReviews = held.filter((resource) => named.has(resource.kind)).map(({ id }) => id);
  return { appResourceCollections: [...collections.values()], accessReviews: [...new Set(accessReviews)] };
}

function holdingsOf(stacks: readonly StackState[]): Holding[] {
  return stacks.flatMap((stack) =>
    stack.resources.map((resource) => {
      const name = resource.outputs.displayName;
      return {
        stack: stack.identity,
        kind: resource.kind,
        id: resource.id,
        ...(typeof name === "string" && name !== "" ? { displayName: name } : {}),
      };
    }),
  );
}

/**
 * Reads the tenant and sorts every object, and every object the given stacks hold, into its class, with the drift
 * of managed objects against their stack's inputs. Reads only; rejects on the first failed read, naming it.
 */
export async function runAudit(options: AuditOptions, report: Report): Promise<AuditReport> {
  const names = options.stacks.map((stack) => stack.identity.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined)
    throw new StackStateError(`the stack ${repeated} is given twice: give each stack once`);
  const { config, client } = sharedConnection(options.config);
  const tenant = await readTenant(
    listingScopeOf(options.stacks, options.appResourceCollections),
    (operation) => client.labelled(operation),
    (kind, count) => report(`audit: ${kind}: ${count} read`),
  );
  const held = new Map<string, HeldResource>();
  for (const stack of options.stacks) {
    for (const resource of stack.resources) {
      held.set(`${stack.identity.name}\u0000${objectKey(resource.kind, resource.id)}`, resource);
    }
  }
  const toolVersion = packageVersion();
  await confirmedByGet(
    tenant,
    held.values(),
    (operation) => client.labelled(operation),
    (resource, entry) => driftedFields(resource, entry.live, toolVersion).length > 0,
  );
  let ignored = 0;
  const objects = classify(
    [...tenant.values()].map((entry) => entry.object),
    holdingsOf(options.stacks),
    options.stacks.map((stack) => stack.identity),
    (object, holder) => {
      const at = objectKey(object.kind, object.id);
      const resource = held.get(`${holder.name}\u0000${at}`);
      const live = tenant.get(at)?.live;
      return resource && live ? driftedFields(resource, live, toolVersion) : [];
    },
    (object) => {
      const leftOut = options.ignore.some((rule) => ignores(rule, object));
      if (leftOut) ignored += 1;
      return leftOut;
    },
  );
  return {
    objects,
    summary: summarize(objects, ignored),
    stacks: names,
    baseUrl: config.baseUrl,
    doors: [...new Set(options.stacks.flatMap((stack) => stack.resources.map((resource) => resource.door)))],
  };
}
