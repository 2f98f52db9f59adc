import { SEED } from "../seed";
import type { AccessReviewRecord } from "../state";
import { seedTime } from "./clock";

/** One campaign with a scope and two entitlements, one with an empty scope. */
export function seedAccessReviews(): Record<string, AccessReviewRecord> {
  const id = SEED.accessReviewId;
  const entry = (appId: string, appEntitlementId: string, index: number) => ({
    accessReviewId: id,
    appEntitlementId,
    appId,
    appResourceId: "",
    appResourceTypeId: "",
    customPolicyId: "",
    policyId: "policy-quarterly-review",
    tenantId: "tenant-acme",
    createdAt: seedTime(-14, index),
    updatedAt: seedTime(-14, index),
    deletedAt: null,
  });
  return {
    [id]: {
      id,
      scopeV2: {
        appSelectionCriteria: {
          complianceFrameworkAttributeValueIds: ["soc2"],
          riskLevelAttributeValueIds: ["risk-critical"],
        },
        userCriteria: { userStatus: ["ENABLED"], managerUserIds: [], groupAppEntitlementsRef: [] },
        grantsByCriteria: { daysSinceReviewed: "7776000s", typeFilter: "GRANT_FILTER_TYPE_PERMANENT" },
        principalTypeFilter: "PRINCIPAL_TYPE_FILTER_USERS",
      },
      entitlements: [entry("app-github", "ent-github-org-admin", 0), entry("app-aws", "ent-aws-admin", 1)],
    },
    [SEED.emptyAccessReviewId]: { id: SEED.emptyAccessReviewId, scopeV2: {}, entitlements: [] },
  };
}
