import { newId } from "../ids";
import {
  AUTH_CONFIG_MODEL,
  AUTH_CONFIG_PROVIDER_MEMBERS,
  AUTH_CONFIG_PROVIDER_TYPES,
} from "../models/authConfig";
import { materialize } from "../models/materialize";
import { parseRequest } from "../model/request";
import { effectivePageSize, pageSizeFromQuery, pageTokenFromQuery, paginate } from "../pagination";
import type { Router } from "../router";
import type { JsonObject } from "../state";
import { requireRecord, sortedByCreation } from "../store";
import { nowTimestamp } from "../time";
import { invalidBody } from "../validation";
import { applyUpdate } from "./update";

/** The provider member a stored config uses, if any. */
function providerMemberOf(config: JsonObject): string | undefined {
  return AUTH_CONFIG_PROVIDER_MEMBERS.find(
    (member) => config[member] !== null && config[member] !== undefined,
  );
}

/** The config as answered: OIDC client secrets are write-only and answered empty. */
export function authConfigAnswer(config: JsonObject): JsonObject {
  const answer = structuredClone(config);
  for (const member of AUTH_CONFIG_PROVIDER_MEMBERS) {
    const value = answer[member] as JsonObject | null | undefined;
    if (value !== null && value !== undefined && "oidcClientSecret" in value) value["oidcClientSecret"] = "";
  }
  return answer;
}

/** Authentication-provider configurations: create, get, update, delete, list (spec 4, reference 4). */
export function registerAuthConfigRoutes(router: Router): void {
  router.on("POST", "/api/v1/auth-configs", ({ body, store }) => {
    const parsed = parseRequest("authConfigCreate", body);
    if (providerMemberOf(parsed) === undefined) {
      throw invalidBody("an auth config must set exactly one member of oneof provider_config (none set)");
    }
    const now = nowTimestamp();
    const id = newId();
    const config = materialize(parsed, AUTH_CONFIG_MODEL);
    const member = providerMemberOf(config);
    Object.assign(config, {
      id,
      createdAt: now,
      updatedAt: now,
      providerType:
        member === undefined ? "AUTH_CONFIG_PROVIDER_TYPE_UNSPECIFIED" : AUTH_CONFIG_PROVIDER_TYPES[member],
      status: parsed["status"] ?? "AUTH_CONFIG_STATUS_ACTIVE",
    });
    store.state.authConfigs[id] = config;
    store.changed();
    return { authConfig: authConfigAnswer(config) };
  });

  router.on("GET", "/api/v1/auth-configs", ({ query, store }) => {
    const pageSize = effectivePageSize(pageSizeFromQuery(query));
    const page = paginate(
      sortedByCreation(store.state.authConfigs),
      pageSize,
      pageTokenFromQuery(query),
      "auth-configs",
    );
    return { list: page.items.map(authConfigAnswer), nextPageToken: page.nextPageToken };
  });

  router.on("GET", "/api/v1/auth-configs/:id", ({ params, store }) => ({
    authConfig: authConfigAnswer(requireRecord(store.state.authConfigs, params["id"] ?? "", "auth config")),
  }));

  router.on("POST", "/api/v1/auth-configs/:id", ({ params, body, store, reservedAnnotationPrefix }) => {
    const id = params["id"] ?? "";
    const current = requireRecord(store.state.authConfigs, id, "auth config");
    const member = providerMemberOf(current);
    const refuse: Record<string, string> = {};
    for (const other of AUTH_CONFIG_PROVIDER_MEMBERS) {
      if (other !== member) {
        refuse[other] =
          `the provider type is fixed at creation (this configuration uses ${member ?? "no provider member"})`;
      }
    }
    const outcome = applyUpdate({
      body,
      entityKey: "authConfig",
      operation: "authConfigUpdate",
      model: AUTH_CONFIG_MODEL,
      current,
      reservedAnnotationPrefix,
      rules: { refuse },
      required: ["displayName"],
    });
    if (outcome.changed) {
      store.state.authConfigs[id] = outcome.next;
      store.changed();
    }
    return { authConfig: authConfigAnswer(store.state.authConfigs[id] ?? outcome.next) };
  });

  router.on("DELETE", "/api/v1/auth-configs/:id", ({ params, store }) => {
    const id = params["id"] ?? "";
    requireRecord(store.state.authConfigs, id, "auth config");
    delete store.state.authConfigs[id];
    store.changed();
    return {};
  });
}
