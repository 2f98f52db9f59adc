import { removeGrants } from "../counts";
import { checkAnnotationsOf } from "../annotationRules";
import { newId } from "../ids";
import { APP_MODEL } from "../models/app";
import { materialize } from "../models/materialize";
import { parseRequest } from "../model/request";
import { effectivePageSize, pageSizeFromQuery, pageTokenFromQuery, paginate } from "../pagination";
import type { Router } from "../router";
import type { JsonObject, TenantState } from "../state";
import { requireRecord, sortedByCreation } from "../store";
import { nowTimestamp } from "../time";
import { invalidBody } from "../validation";
import { applyUpdate } from "./update";

/** The app as answered: the stored record with its user count and owners filled in (serialize it at once). */
export function appAnswer(state: TenantState, app: JsonObject): JsonObject {
  const id = String(app["id"]);
  const ownerIds = state.appOwners[id] ?? [];
  const appOwners = ownerIds.map((userId) => state.users[userId]).filter((user) => user !== undefined);
  return { ...app, userCount: String(state.appUsers[id]?.length ?? 0), appOwners };
}

/** Gives the mapper and each of its cases the app id and case index the service adds on read. */
function stampMapper(app: JsonObject): void {
  const mapper = app["appUserMapper"] as { appId?: string; mappingCases?: JsonObject[] } | null;
  if (mapper === null || typeof mapper !== "object") return;
  const appId = String(app["id"]);
  mapper.appId = appId;
  mapper.mappingCases = (mapper.mappingCases ?? []).map((item, caseIndex) => ({ ...item, appId, caseIndex }));
}

/** The create's `owners`: user ids, each of a user of the tenant (400 naming an unknown one). */
function knownUsers(state: TenantState, owners: unknown): string[] {
  const ids = (owners ?? []) as string[];
  ids.forEach((userId, index) => {
    if (state.users[userId] === undefined) throw invalidBody(`owners[${index}]: user "${userId}" not found`);
  });
  return [...new Set(ids)];
}

function deleteApp(state: TenantState, id: string): void {
  delete state.apps[id];
  delete state.appOwners[id];
  for (const [key, resource] of Object.entries(state.appResources)) {
    if (resource["appId"] === id) delete state.appResources[key];
  }
  for (const [key, entitlement] of Object.entries(state.entitlements)) {
    if (entitlement["appId"] === id) delete state.entitlements[key];
  }
  state.entitlementOwners = state.entitlementOwners.filter((row) => row.appId !== id);
  delete state.appUsers[id];
  removeGrants(state, (grant) => grant.appId === id);
}

/** Apps: create, get, update, delete and list (reference 4). */
export function registerAppRoutes(router: Router): void {
  router.on("POST", "/api/v1/apps", ({ body, store, reservedAnnotationPrefix }) => {
    const parsed = parseRequest("appCreate", body);
    checkAnnotationsOf(parsed, reservedAnnotationPrefix);
    const now = nowTimestamp();
    const id = newId();
    const { owners, appEntitlementOwnerRefs: _notStored, ...fields } = parsed;
    const ownerIds = knownUsers(store.state, owners);
    const app = materialize(fields, APP_MODEL);
    Object.assign(app, { id, createdAt: now, updatedAt: now, userCount: "0" });
    store.state.apps[id] = app;
    store.state.appOwners[id] = ownerIds;
    store.changed();
    return { app: appAnswer(store.state, app) };
  });

  router.on("GET", "/api/v1/apps", ({ query, store }) => {
    const pageSize = effectivePageSize(pageSizeFromQuery(query));
    const page = paginate(sortedByCreation(store.state.apps), pageSize, pageTokenFromQuery(query), "apps");
    return { list: page.items.map((app) => appAnswer(store.state, app)), nextPageToken: page.nextPageToken };
  });

  router.on("GET", "/api/v1/apps/:id", ({ params, store }) => {
    const app = requireRecord(store.state.apps, params["id"] ?? "", "app");
    return { app: appAnswer(store.state, app) };
  });

  router.on("POST", "/api/v1/apps/:id", ({ params, body, store, reservedAnnotationPrefix }) => {
    const id = params["id"] ?? "";
    const current = requireRecord(store.state.apps, id, "app");
    const outcome = applyUpdate({
      body,
      entityKey: "app",
      operation: "appUpdate",
      model: APP_MODEL,
      current,
      reservedAnnotationPrefix,
      required: ["displayName"],
    });
    if (outcome.changed) {
      stampMapper(outcome.next);
      store.state.apps[id] = outcome.next;
      store.changed();
    }
    return { app: appAnswer(store.state, store.state.apps[id] ?? outcome.next) };
  });

  router.on("DELETE", "/api/v1/apps/:id", ({ params, store }) => {
    const id = params["id"] ?? "";
    requireRecord(store.state.apps, id, "app");
    deleteApp(store.state, id);
    store.changed();
    return {};
  });
}
