import { removeGrants } from "../counts";
import { checkAnnotationsOf } from "../annotationRules";
import { notFound } from "../errors";
import { newId } from "../ids";
import { APP_RESOURCE_MODEL } from "../models/appResource";
import { materialize } from "../models/materialize";
import { parseRequest } from "../model/request";
import type { RouteContext, Router } from "../router";
import type { JsonObject, TenantState } from "../state";
import { effectivePageSize, pageSizeFromQuery, pageTokenFromQuery, paginate } from "../pagination";
import { requireRecord, sortedByCreation } from "../store";
import { nowTimestamp } from "../time";
import { ExpandedObjects, expandPaths } from "./expand";
import { invalidBody } from "../validation";
import { applyUpdate } from "./update";

const COLLECTION = "/api/v1/apps/:appId/resource_types/:typeId/resources";
const EXPANDABLE = ["app", "resourceType", "parentResource", "parentResourceType"] as const;

function requireType(state: TenantState, appId: string, typeId: string): JsonObject {
  requireRecord(state.apps, appId, "app");
  const type = state.resourceTypes[typeId];
  if (type === undefined || type["appId"] !== appId) {
    throw notFound(`resource type "${typeId}" not found in app "${appId}"`);
  }
  return type;
}

/**
 * The create's `resourceOwnerUserIds`: each a user of the tenant (400 naming an unknown one). The
 * document gives no field of the resource that answers them, so they are checked, not stored.
 */
function checkUsers(state: TenantState, ids: unknown, field: string): void {
  ((ids ?? []) as string[]).forEach((userId, index) => {
    if (state.users[userId] === undefined)
      throw invalidBody(`${field}[${index}]: user "${userId}" not found`);
  });
}

function requireResource({ params, store }: RouteContext): JsonObject {
  const appId = params["appId"] ?? "";
  const typeId = params["typeId"] ?? "";
  requireType(store.state, appId, typeId);
  const id = params["id"] ?? "";
  const resource = store.state.appResources[id];
  if (resource === undefined || resource["appId"] !== appId || resource["appResourceTypeId"] !== typeId) {
    throw notFound(`app resource "${id}" not found`);
  }
  return resource;
}

/** `{appResourceView, expanded}` for a stored resource (spec 2.8). */
export function appResourceViewAnswer(
  state: TenantState,
  resource: JsonObject,
  expandMask?: unknown,
): { appResourceView: JsonObject; expanded: JsonObject[] } {
  const wanted = expandPaths(expandMask, EXPANDABLE);
  const expanded = new ExpandedObjects();
  const pathOf = (name: string, type: string, object: JsonObject | undefined): string =>
    wanted.has(name) && object !== undefined ? expanded.add(type, object) : "";
  const parent = state.appResources[String(resource["parentAppResourceId"])];
  const appResourceView = {
    appPath: pathOf("app", "App", state.apps[String(resource["appId"])]),
    parentResourcePath: pathOf("parentResource", "AppResource", parent),
    parentResourceTypePath: pathOf(
      "parentResourceType",
      "AppResourceType",
      state.resourceTypes[String(resource["parentAppResourceTypeId"])],
    ),
    resourceTypePath: pathOf(
      "resourceType",
      "AppResourceType",
      state.resourceTypes[String(resource["appResourceTypeId"])],
    ),
    appResource: structuredClone(resource),
    objectPermissions: { delete: true, edit: true, read: true, extra: {} },
  };
  return { appResourceView, expanded: expanded.list() };
}

/**
 * App resources of manually managed resource types: create, list, get, update, delete (spec 4, reference 4; the
 * list, which spec 4.14 leaves "not shown", pages like the app and catalog lists and answers views).
 */
export function registerAppResourceRoutes(router: Router): void {
  router.on("POST", COLLECTION, ({ params, body, store, reservedAnnotationPrefix }) => {
    const appId = params["appId"] ?? "";
    const typeId = params["typeId"] ?? "";
    requireType(store.state, appId, typeId);
    const { resourceOwnerUserIds, ...fields } = parseRequest("appResourceCreate", body);
    checkAnnotationsOf(fields, reservedAnnotationPrefix);
    checkUsers(store.state, resourceOwnerUserIds, "resourceOwnerUserIds");
    const now = nowTimestamp();
    const id = newId();
    const resource = materialize(fields, APP_RESOURCE_MODEL);
    Object.assign(resource, { id, appId, appResourceTypeId: typeId, createdAt: now, updatedAt: now });
    store.state.appResources[id] = resource;
    store.changed();
    return { appResource: structuredClone(resource) };
  });

  router.on("GET", COLLECTION, ({ params, query, store }) => {
    const appId = params["appId"] ?? "";
    const typeId = params["typeId"] ?? "";
    requireType(store.state, appId, typeId);
    const ofType = sortedByCreation(store.state.appResources).filter(
      (resource) => resource["appId"] === appId && resource["appResourceTypeId"] === typeId,
    );
    const pageSize = effectivePageSize(pageSizeFromQuery(query));
    const page = paginate(ofType, pageSize, pageTokenFromQuery(query), `appResources/${appId}/${typeId}`);
    return {
      list: page.items.map((resource) => appResourceViewAnswer(store.state, resource).appResourceView),
      expanded: [],
      nextPageToken: page.nextPageToken,
    };
  });

  router.on("GET", `${COLLECTION}/:id`, (context) =>
    appResourceViewAnswer(context.store.state, requireResource(context)),
  );

  router.on("POST", `${COLLECTION}/:id`, (context) => {
    const current = requireResource(context);
    const { store } = context;
    const outcome = applyUpdate({
      body: context.body,
      entityKey: "appResource",
      operation: "appResourceUpdate",
      model: APP_RESOURCE_MODEL,
      current,
      reservedAnnotationPrefix: context.reservedAnnotationPrefix,
      required: ["displayName"],
    });
    const { next } = outcome;
    expandPaths(outcome.parsed["expandMask"], EXPANDABLE);
    const id = String(current["id"]);
    if (outcome.changed) {
      store.state.appResources[id] = next;
      store.changed();
    }
    return appResourceViewAnswer(
      store.state,
      store.state.appResources[id] ?? next,
      outcome.parsed["expandMask"],
    );
  });

  router.on("DELETE", `${COLLECTION}/:id`, (context) => {
    const resource = requireResource(context);
    const id = String(resource["id"]);
    delete context.store.state.appResources[id];
    removeGrants(context.store.state, (grant) => grant.appResourceId === id);
    context.store.changed();
    return {};
  });
}
