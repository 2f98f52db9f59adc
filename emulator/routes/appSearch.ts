import { parseRequest } from "../model/request";
import { effectivePageSize, paginate } from "../pagination";
import type { Router } from "../router";
import { indexedRecords } from "../searchIndex";
import type { JsonObject } from "../state";
import { sortedByCreation } from "../store";
import { appAnswer } from "./apps";

/** The filters of `POST /api/v1/search/apps` (reference 4), every one optional. */
interface AppSearchBody {
  appIds?: string[] | null;
  excludeAppIds?: string[] | null;
  displayName?: string;
  query?: string;
  pageSize?: number;
  pageToken?: string;
}

function matcher(body: AppSearchBody): (app: JsonObject) => boolean {
  const only = body.appIds && body.appIds.length > 0 ? new Set(body.appIds) : undefined;
  const excluded = new Set(body.excludeAppIds ?? []);
  const name = body.displayName ?? "";
  const query = (body.query ?? "").toLowerCase();
  return (app) => {
    const id = String(app["id"]);
    if (only && !only.has(id)) return false;
    if (excluded.has(id)) return false;
    if (name !== "" && app["displayName"] !== name) return false;
    if (query === "") return true;
    return `${String(app["displayName"])}\n${String(app["description"])}`.toLowerCase().includes(query);
  };
}

/**
 * The apps a search has to look at, in creation order: with `appIds` and an index that keeps up, only those (a search
 * by ids costs what it finds, not the tenant's size); else every app, which a trailing index needs to notice deletes.
 */
function candidates(apps: Record<string, JsonObject>, filter: AppSearchBody, lagMs: number): JsonObject[] {
  if (lagMs > 0 || !filter.appIds || filter.appIds.length === 0) return sortedByCreation(apps);
  const named = new Set(filter.appIds.filter((id) => Object.hasOwn(apps, id)));
  return sortedByCreation(Object.fromEntries([...named].map((id) => [id, apps[id] as JsonObject])));
}

/**
 * `POST /api/v1/search/apps` (reference 4): apps in creation order, limited to `appIds` when given (an id that names
 * no app is simply absent), paged by body pageSize/pageToken, each in the GET's shape. With the `searchLagMs` switch
 * the index trails writes ({@link indexedRecords}).
 */
export function registerAppSearchRoute(router: Router): void {
  router.on("POST", "/api/v1/search/apps", ({ body, store, searchLagMs }) => {
    const parsed = parseRequest("appSearch", body) as AppSearchBody;
    const { pageSize, pageToken, ...filter } = parsed;
    const seen = indexedRecords(
      store.state,
      "apps",
      candidates(store.state.apps, filter, searchLagMs),
      searchLagMs,
      (app) => appAnswer(store.state, app),
    );
    const found = seen.filter(matcher(filter));
    const scope = `search/apps ${JSON.stringify(filter)}`;
    const page = paginate(found, effectivePageSize(pageSize, "pageSize"), pageToken, scope, "pageToken");
    return { list: page.items, nextPageToken: page.nextPageToken };
  });
}
