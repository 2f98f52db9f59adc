import type { ApiClient, ListPaging, LiveObject } from "../engine";
import { IdgovNotFoundError } from "../errors";
import { kindNamed } from "../kinds";
import type { KindName } from "../kinds/names";

/** An `(app, resource type)` collection of app resources. */
export interface AppResourceCollection {
  readonly appId: string;
  readonly appResourceTypeId: string;
}

/**
 * What the kinds that cannot be listed in full need named: the app-resource collections to list, and the
 * access-review campaigns whose scope to read (campaigns cannot be listed).
 */
export interface ListingScope {
  readonly appResourceCollections: readonly AppResourceCollection[];
  readonly accessReviews: readonly string[];
}

/**
 * Every live object of one kind in the tenant (within `scope` for kinds that need it named), paged through whole;
 * kinds read by their lists follow `paging` (the provider's `List` resumes a listing with it).
 */
export type LiveObjectsOf = (
  client: ApiClient,
  scope: ListingScope,
  paging?: ListPaging,
) => AsyncGenerator<LiveObject>;

/** The whole list of a kind that lists without inputs: one request per page. */
function listedInFull(name: KindName): LiveObjectsOf {
  return async function* (client, _scope, paging) {
    const list = kindNamed(name).api.list;
    if (!list) throw new Error(`${name} cannot be listed`);
    yield* list(client, {}, paging);
  };
}

/** A tenant-wide settings singleton: one read of its fixed id. */
function singleton(name: KindName): LiveObjectsOf {
  return async function* (client) {
    const kind = kindNamed(name);
    const live = await kind.api.get(client, String(kind.singleton));
    if (live) yield live;
  };
}

/** The app resources of each named collection; a collection whose app or type is gone holds none. */
async function* appResources(
  client: ApiClient,
  scope: ListingScope,
  paging?: ListPaging,
): AsyncGenerator<LiveObject> {
  const list = kindNamed("AppResource").api.list!;
  for (const collection of scope.appResourceCollections) {
    try {
      yield* list(client, { ...collection }, paging);
    } catch (error) {
      if (!(error instanceof IdgovNotFoundError)) throw error;
    }
  }
}

/** The scope of each named campaign: one read each. */
async function* accessReviewScopes(client: ApiClient, scope: ListingScope): AsyncGenerator<LiveObject> {
  const kind = kindNamed("AccessReviewScope");
  for (const id of scope.accessReviews) {
    const live = await kind.api.get(client, id);
    if (live) yield live;
  }
}

/**
 * How to read every live object of each kind: apps, catalogs, automations and auth configs by their lists; each
 * settings singleton by one read; app resources by the lists of the collections `scope` names; access-review scopes
 * by one read per campaign `scope` names.
 */
export const LIVE_OBJECTS: { readonly [Name in KindName]: LiveObjectsOf } = {
  App: listedInFull("App"),
  RequestCatalog: listedInFull("RequestCatalog"),
  Automation: listedInFull("Automation"),
  AuthConfig: listedInFull("AuthConfig"),
  SsoSettings: singleton("SsoSettings"),
  XaaSettings: singleton("XaaSettings"),
  SessionSettings: singleton("SessionSettings"),
  AppResource: appResources,
  AccessReviewScope: accessReviewScopes,
};

/** The kinds every object of which an audit sees without being told where to look. */
export const KINDS_SEEN_WHOLE: readonly KindName[] = [
  "App",
  "RequestCatalog",
  "Automation",
  "AuthConfig",
  "SsoSettings",
  "XaaSettings",
  "SessionSettings",
];
