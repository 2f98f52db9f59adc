import { badRequest } from "../errors";
import { parseRequest } from "../model/request";
import type { Router } from "../router";
import type { AccessReviewRecord, JsonObject, TenantState } from "../state";
import { requireRecord } from "../store";
import { nowTimestamp } from "../time";
import { ExpandedObjects, expandPaths } from "./expand";

const ROUTE = "/api/v1/access_review/:accessReviewId/scope_and_entitlements";
const EXPANDABLE = ["app", "entitlement", "policy"] as const;
/** An entitlement selector as checked against `AccessReviewSetupEntitlementInput`. */
interface EntitlementSelector {
  appEntitlementId?: string;
  appId?: string;
}

function answer(state: TenantState, review: AccessReviewRecord, expandMask?: unknown) {
  const wanted = expandPaths(expandMask, EXPANDABLE);
  const expanded = new ExpandedObjects();
  const pathOf = (name: string, type: string, object: JsonObject | undefined): string =>
    wanted.has(name) && object !== undefined ? expanded.add(type, object) : "";
  const list = review.entitlements.map((entry) => ({
    accessReviewEntitlement: structuredClone(entry),
    appPath: pathOf("app", "App", state.apps[String(entry["appId"])]),
    entitlementPath: pathOf(
      "entitlement",
      "AppEntitlement",
      state.entitlements[String(entry["appEntitlementId"])],
    ),
    policyPath: pathOf("policy", "Policy", state.policies[String(entry["policyId"])]),
  }));
  return { list, scopeV2: structuredClone(review.scopeV2), expanded: expanded.list() };
}

/** Access-review campaign scope and entitlements: read, and replace both (spec 4, reference 4). */
export function registerAccessReviewRoutes(router: Router): void {
  router.on("GET", ROUTE, ({ params, store }) =>
    answer(
      store.state,
      requireRecord(store.state.accessReviews, params["accessReviewId"] ?? "", "access review"),
    ),
  );

  router.on("POST", ROUTE, ({ params, body, store }) => {
    const accessReviewId = params["accessReviewId"] ?? "";
    const review = requireRecord(store.state.accessReviews, accessReviewId, "access review");
    const parsed = parseRequest("scopeSet", body);
    expandPaths(parsed["expandMask"], EXPANDABLE);
    const now = nowTimestamp();
    const previous = new Map(review.entitlements.map((entry) => [String(entry["appEntitlementId"]), entry]));
    const seen = new Set<string>();
    const entitlements: JsonObject[] = [];
    const selectors = (parsed["entitlements"] ?? []) as EntitlementSelector[];
    selectors.forEach(({ appEntitlementId = "", appId = "" }, index) => {
      const entitlement = store.state.entitlements[appEntitlementId];
      if (entitlement === undefined || entitlement["appId"] !== appId) {
        throw badRequest(
          `invalid body: entitlements[${index}]: entitlement "${appEntitlementId}" of app "${appId}" not found`,
        );
      }
      if (seen.has(appEntitlementId)) return;
      seen.add(appEntitlementId);
      const kept = previous.get(appEntitlementId);
      entitlements.push(
        kept ?? {
          accessReviewId,
          appEntitlementId,
          appId,
          appResourceId: entitlement["appResourceId"] ?? "",
          appResourceTypeId: entitlement["appResourceTypeId"] ?? "",
          customPolicyId: "",
          policyId: entitlement["certifyPolicyId"] || "policy-quarterly-review",
          tenantId: "tenant-acme",
          createdAt: now,
          updatedAt: now,
          deletedAt: null,
        },
      );
    });
    const scopeV2 = (parsed["scopeV2"] ?? {}) as JsonObject;
    if (
      JSON.stringify(scopeV2) !== JSON.stringify(review.scopeV2) ||
      JSON.stringify(entitlements) !== JSON.stringify(review.entitlements)
    ) {
      review.scopeV2 = scopeV2;
      review.entitlements = entitlements;
      store.changed();
    }
    return answer(store.state, review, parsed["expandMask"]);
  });
}
