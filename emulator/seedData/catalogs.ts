import { CATALOG_MODEL } from "../models/catalog";
import { materialize } from "../models/materialize";
import { SEED } from "../seed";
import type { CatalogRecord, JsonObject } from "../state";
import { seedTime } from "./clock";
import { seedUserId } from "./users";

/** Each catalog: its fields, its entitlements and how many of the 20 seeded users are its members. */
const CATALOGS: Record<string, [JsonObject, string[], string]> = {
  "cat-engineering": [
    {
      displayName: "Engineering essentials",
      description: "Everything a new engineer needs on day one.",
      published: true,
      visibleToEveryone: true,
      enrollmentBehavior: "REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_BYPASS_ENTITLEMENT_REQUEST_POLICY",
      unenrollmentBehavior: "REQUEST_CATALOG_UNENROLLMENT_BEHAVIOR_LEAVE_ACCESS_AS_IS",
      annotations: { team: "platform" },
    },
    ["ent-github-org-member", "ent-aws-readonly"],
    "14",
  ],
  "cat-finance": [
    {
      displayName: "Finance tools",
      description: "Billing and reporting access.",
      published: true,
      enrollmentBehavior: "REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_ENFORCE_ENTITLEMENT_REQUEST_POLICY",
      unenrollmentBehavior: "REQUEST_CATALOG_UNENROLLMENT_BEHAVIOR_REVOKE_ALL",
      unenrollmentEntitlementBehavior: "REQUEST_CATALOG_UNENROLLMENT_ENTITLEMENT_BEHAVIOR_ENFORCE",
    },
    ["ent-aws-billing"],
    "11",
  ],
  "cat-sales-onboarding": [
    { displayName: "Sales onboarding", description: "Draft: not published yet.", published: false },
    ["ent-salesforce-sales-user"],
    "0",
  ],
  "cat-privileged-bundle": [
    {
      displayName: "Privileged operations bundle",
      description: "Break-glass access, requested all at once.",
      published: true,
      requestBundle: true,
    },
    ["ent-github-org-admin", "ent-aws-admin", "ent-salesforce-admin"],
    "3",
  ],
};

/** Request catalogs: published, draft and a bundle; one with unenrollment values the spec does not list. */
export function seedCatalogs(): Record<string, CatalogRecord> {
  const catalogs: Record<string, CatalogRecord> = {};
  SEED.catalogs.forEach((id, index) => {
    const [fields, entitlementIds, members] = CATALOGS[id] ?? [{ displayName: id }, [], "0"];
    const catalog = materialize(fields, CATALOG_MODEL);
    delete catalog["accessEntitlements"];
    Object.assign(catalog, {
      id,
      createdByUserId: seedUserId(index % 3),
      createdAt: seedTime(-90 + index),
      updatedAt: seedTime(-9 + index),
    });
    const accessEntitlements = entitlementIds.map((entitlementId) => {
      const ref = SEED.entitlements.find((entitlement) => entitlement.id === entitlementId);
      return { appId: ref?.appId ?? "", id: entitlementId };
    });
    // Members are the first seeded users, from the catalog's creator on.
    const memberIds = Array.from({ length: Number(members) }, (_, n) => seedUserId((index + n) % 20));
    catalogs[id] = { catalog, accessEntitlements, memberIds };
  });
  return catalogs;
}
