import { checkAnnotationsOf } from "../annotationRules";
import { badRequest } from "../errors";
import { newId } from "../ids";
import { CATALOG_MODEL } from "../models/catalog";
import { materialize } from "../models/materialize";
import { parseRequest } from "../model/request";
import { effectivePageSize, pageSizeFromQuery, pageTokenFromQuery, paginate } from "../pagination";
import type { Router } from "../router";
import { SEED } from "../seed";
import type { CatalogRecord, JsonObject, TenantState } from "../state";
import { compareByCreation, requireRecord } from "../store";
import { nowTimestamp } from "../time";
import { ExpandedObjects, expandPaths } from "./expand";
import { applyUpdate } from "./update";

const EXPANDABLE = ["accessEntitlements", "createdByUser"] as const;

function boundEntitlements(state: TenantState, record: CatalogRecord): JsonObject[] {
  return record.accessEntitlements
    .map(({ id }) => state.entitlements[id])
    .filter((entitlement): entitlement is JsonObject => entitlement !== undefined);
}

/** `{requestCatalogView, expanded}` for a stored catalog. */
export function catalogViewAnswer(
  state: TenantState,
  record: CatalogRecord,
  expandMask?: unknown,
): { requestCatalogView: JsonObject; expanded: JsonObject[] } {
  const wanted = expandPaths(expandMask, EXPANDABLE);
  const expanded = new ExpandedObjects();
  const entitlements = boundEntitlements(state, record);
  const creator = state.users[String(record.catalog["createdByUserId"])];
  const requestCatalogView = {
    accessEntitlementsPath: wanted.has("accessEntitlements")
      ? expanded.addAll("AppEntitlement", entitlements)
      : "",
    createdByUserPath:
      wanted.has("createdByUser") && creator !== undefined ? expanded.add("User", creator) : "",
    memberCount: String(record.memberIds.length),
    requestCatalog: { ...record.catalog, accessEntitlements: entitlements },
  };
  return { requestCatalogView, expanded: expanded.list() };
}

function resolveBindings(
  state: TenantState,
  operation: "visibilityAdd" | "visibilityRemove",
  body: unknown,
): { appId: string; id: string }[] {
  const refs = (parseRequest(operation, body)["accessEntitlements"] ?? []) as {
    appId?: string;
    id?: string;
  }[];
  const parsed = { accessEntitlements: refs.map(({ appId = "", id = "" }) => ({ appId, id })) };
  parsed.accessEntitlements.forEach(({ appId, id }, index) => {
    const entitlement = state.entitlements[id];
    if (entitlement === undefined || entitlement["appId"] !== appId) {
      throw badRequest(
        `invalid body: accessEntitlements[${index}]: entitlement "${id}" of app "${appId}" not found`,
      );
    }
  });
  return parsed.accessEntitlements;
}

/** Request catalogs: create, get, update, delete, list and visibility bindings (spec 4, reference 4). */
export function registerCatalogRoutes(router: Router): void {
  router.on("POST", "/api/v1/catalogs", ({ body, store, reservedAnnotationPrefix }) => {
    const { expandMask, ...fields } = parseRequest("catalogCreate", body);
    checkAnnotationsOf(fields, reservedAnnotationPrefix);
    expandPaths(expandMask, EXPANDABLE);
    const now = nowTimestamp();
    const id = newId();
    const catalog = materialize(fields, CATALOG_MODEL);
    delete catalog["accessEntitlements"];
    Object.assign(catalog, { id, createdByUserId: SEED.callerUserId, createdAt: now, updatedAt: now });
    const record: CatalogRecord = { catalog, accessEntitlements: [], memberIds: [] };
    store.state.catalogs[id] = record;
    store.changed();
    return catalogViewAnswer(store.state, record, expandMask);
  });

  router.on("GET", "/api/v1/catalogs", ({ query, store }) => {
    const pageSize = effectivePageSize(pageSizeFromQuery(query));
    const records = Object.values(store.state.catalogs).sort((left, right) =>
      compareByCreation(left.catalog, right.catalog),
    );
    const page = paginate(records, pageSize, pageTokenFromQuery(query), "catalogs");
    return {
      list: page.items.map((record) => catalogViewAnswer(store.state, record).requestCatalogView),
      expanded: [],
      nextPageToken: page.nextPageToken,
    };
  });

  router.on("GET", "/api/v1/catalogs/:id", ({ params, store }) =>
    catalogViewAnswer(store.state, requireRecord(store.state.catalogs, params["id"] ?? "", "catalog")),
  );

  router.on("POST", "/api/v1/catalogs/:id", ({ params, body, store, reservedAnnotationPrefix }) => {
    const record = requireRecord(store.state.catalogs, params["id"] ?? "", "catalog");
    const outcome = applyUpdate({
      body,
      entityKey: "catalog",
      operation: "catalogUpdate",
      model: CATALOG_MODEL,
      current: record.catalog,
      reservedAnnotationPrefix,
      required: ["displayName"],
    });
    expandPaths(outcome.parsed["expandMask"], EXPANDABLE);
    if (outcome.changed) {
      record.catalog = outcome.next;
      store.changed();
    }
    return catalogViewAnswer(store.state, record, outcome.parsed["expandMask"]);
  });

  router.on("DELETE", "/api/v1/catalogs/:id", ({ params, store }) => {
    const id = params["id"] ?? "";
    requireRecord(store.state.catalogs, id, "catalog");
    delete store.state.catalogs[id];
    store.changed();
    return {};
  });

  router.on("POST", "/api/v1/catalogs/:id/visibility_bindings", ({ params, body, store }) => {
    const record = requireRecord(store.state.catalogs, params["id"] ?? "", "catalog");
    const bound = new Set(record.accessEntitlements.map(({ id }) => id));
    const added = resolveBindings(store.state, "visibilityAdd", body).filter(
      ({ id }) => !bound.has(id) && bound.add(id),
    );
    if (added.length > 0) {
      record.accessEntitlements.push(...added.map(({ appId, id }) => ({ appId, id })));
      record.catalog["updatedAt"] = nowTimestamp();
      store.changed();
    }
    return {};
  });

  router.on("DELETE", "/api/v1/catalogs/:id/visibility_bindings", ({ params, body, store }) => {
    const record = requireRecord(store.state.catalogs, params["id"] ?? "", "catalog");
    const removed = new Set(resolveBindings(store.state, "visibilityRemove", body).map(({ id }) => id));
    const kept = record.accessEntitlements.filter(({ id }) => !removed.has(id));
    if (kept.length !== record.accessEntitlements.length) {
      record.accessEntitlements = kept;
      record.catalog["updatedAt"] = nowTimestamp();
      store.changed();
    }
    return {};
  });
}
