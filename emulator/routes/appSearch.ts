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
 * `POST /api/v1/search/apps` (reference 4): apps in creation order, limited to `appIds` when given (an id that names
 * no app is simply absent), paged by body pageSize/pageToken, each in the GET's shape. With the `searchLagMs` switch
 * the index trails writes ({@link indexedRecords}).
 */
export function registerAppSearchRoute(router: Router): void {
  router.on("POST", "/api/v1/search/apps", ({ body, store, searchLagMs }) => {
    const parsed = parseRequest("appSearch", body) as AppSearchBody;
    const { pageSize, pageToken, ...filter } = parsed;
    const seen = indexedRecords(store.state, "apps", sortedByCreation(store.state.apps), searchLagMs, (app) =>
      appAnswer(store.state, app),
    );
    const found = seen.filter(matcher(filter));
    const scope = `search/apps ${JSON.stringify(filter)}`;
    const page = paginate(found, effectivePageSize(pageSize, "pageSize"), pageToken, scope, "pageToken");
    return { list: page.items, nextPageToken: page.nextPageToken };
  });
}
