import type { KindExample } from "./example";
import { z } from "zod";
import { readUnlessGone } from "../errors";
import {
  type Answered,
  type ApiClient,
  type Assert,
  canonicalJson,
  type Comparisons,
  canonicalValue,
  containsUnknown,
  deletePath,
  duration,
  type FieldPaths,
  type FieldSpec,
  getPath,
  type KindApi,
  type LiveObject,
  outputNames,
  scalar,
  set,
  setOf,
  setPath,
  timestamp,
} from "../engine";
import { apiPath } from "../client/paths";
import {
  type Json,
  accessReviewEntitlementRowSchema,
  accessReviewScopeReadShape,
  accessReviewScopeWritableShape,
  requestObject,
  responseObject,
  type ScopeV2Member,
  scopeV2ResponseShape,
  scopeV2Schema,
  type ScopeV2Writable,
  scopeV2WritableShape,
} from "../schemas";
import { pathId, restoreInputs } from "./controls";
import { declareKind } from "./declaration";

type Writable = typeof accessReviewScopeWritableShape;
type ScopeFieldsAnswered = Assert<Answered<Writable, typeof accessReviewScopeReadShape>>;
type ScopeMembersAnswered = Assert<Answered<typeof scopeV2WritableShape, typeof scopeV2ResponseShape>>;
// Every member written belongs to a oneof group or is named outside them, and every one named is written.
type ScopeMembersGrouped = Assert<Answered<typeof scopeV2WritableShape, Record<ScopeV2Member, unknown>>>;
type ScopeMembersWritten = Assert<Answered<Record<ScopeV2Member, unknown>, typeof scopeV2WritableShape>>;

/** The inner values of a scope whose form the service fixes (spec 2.0.4, 2.9); the rest is carried as written. */
const SCOPE_V2_FORMS = {
  "grantsByCriteria.daysSinceAdded": duration,
  "grantsByCriteria.daysSinceLastUsed": duration,
  "grantsByCriteria.daysSinceReviewed": duration,
  "grantsByCriteria.grantsAddedBetween.startDate": timestamp,
  "grantsByCriteria.grantsAddedBetween.endDate": timestamp,
  "grantsByCriteria.accessProfileFilter.excludedAccessProfileIds": set,
  "grantsByCriteria.accessProfileFilter.includedAccessProfileIds": set,
  "accountCriteria.accountTypes": set,
  "accountCriteria.appUserStatuses": set,
  "appSelectionCriteria.complianceFrameworkAttributeValueIds": set,
  "appSelectionCriteria.riskLevelAttributeValueIds": set,
  "selectedUsers.userIds": set,
  "userCriteria.managerUserIds": set,
  "userCriteria.userStatus": set,
  "userCriteria.groupAppEntitlementsRef": setOf({ appId: scalar, id: scalar }),
} satisfies Partial<Record<FieldPaths<ScopeV2Writable>, FieldSpec>>;

/** A copy of a scope with durations as `"86400s"`, timestamps in UTC and set-like lists sorted, as the service answers. */
function normalizeScope(scope: unknown): unknown {
  if (scope === null || typeof scope !== "object" || Array.isArray(scope)) return scope;
  const copy = structuredClone(scope) as Json;
  for (const [path, spec] of Object.entries(SCOPE_V2_FORMS)) {
    const value = getPath(copy, path);
    if (value === undefined || containsUnknown(value)) continue;
    const normal = canonicalValue(value, spec);
    if (normal === undefined) deletePath(copy, path);
    else setPath(copy, path, normal);
  }
  return copy;
}

/** What a program manages of a campaign (spec 2.9): the scope and the selected entitlements, written whole. */
const scopeFields = {
  accessReviewId: { type: "scalar", immutable: true } as const,
  scopeV2: { type: "json", presence: true, normalize: normalizeScope } as const,
  entitlements: setOf({ appEntitlementId: scalar, appId: scalar }),
} satisfies Comparisons<Writable>;

const answerSchema = responseObject({
  list: z.array(accessReviewEntitlementRowSchema).nullish(),
  scopeV2: scopeV2Schema.nullish(),
});

function scopePath(accessReviewId: string): string {
  return apiPath`/api/v1/access_review/${accessReviewId}/scope_and_entitlements`;
}

function toLive(accessReviewId: string, parsed: z.output<typeof answerSchema>): LiveObject {
  const stored = (parsed.list ?? []).flatMap((row) =>
    row.accessReviewEntitlement ? [row.accessReviewEntitlement] : [],
  );
  const fields = {
    accessReviewId,
    scopeV2: canonicalJson(parsed.scopeV2 ?? {}, true),
    entitlements: stored.map((entry) => ({ appEntitlementId: entry.appEntitlementId, appId: entry.appId })),
    accessReviewEntitlements: stored,
  } satisfies Record<keyof typeof accessReviewScopeReadShape, unknown>;
  return { id: accessReviewId, fields };
}

/** Reads the scope of a campaign; writes replace the scope and the selected entitlements (operation rule 10). */
const scopeApi: KindApi = {
  async get(client: ApiClient, id: string) {
    const path = scopePath(id);
    return readUnlessGone(path, async () =>
      toLive(id, await client.requestParsed({ method: "GET", path }, answerSchema)),
    );
  },
  async update(client: ApiClient, id: string, entity: Json) {
    const body = { entitlements: entity.entitlements ?? [], scopeV2: entity.scopeV2 ?? {} };
    const answer = await client.requestParsed(
      { method: "POST", path: scopePath(id), body, idempotent: true },
      answerSchema,
    );
    return toLive(id, answer);
  },
};

/** The outputs of a campaign's scope: `AccessReviewScopeOutputs` in resources/types.ts. */
export const scopeOutputs = outputNames(scopeFields, accessReviewScopeReadShape);

/** The example on the kind's reference pages (`scripts/docs`), against the emulator's seeded tenant. */
const example: KindExample = {
  typescript: `import { AccessReviewScope } from "pulumi-idgov";

new AccessReviewScope("q1-draft", {
  accessReviewId: "ar-2027-q1-draft",
  scopeV2: { allUsers: {}, appAccess: {} },
  entitlements: [{ appId: "app-github", appEntitlementId: "ent-github-org-admin" }],
  restoreOnDelete: true,
});`,
  program: {
    variable: "q1Draft",
    inputs: {
      accessReviewId: "ar-2027-q1-draft",
      scopeV2: { allUsers: {}, appAccess: {} },
      entitlements: [{ appId: "app-github", appEntitlementId: "ent-github-org-admin" }],
      restoreOnDelete: true,
    },
    exports: { scopeId: "id" },
  },
};

export const accessReviewScopeKind = declareKind({
  name: "AccessReviewScope",
  example,
  description: "The scope and selected entitlements of an existing access-review campaign (spec 2.9).",
  fields: scopeFields,
  replaceStyleUpdate: true,
  listing: "named",
  outputs: scopeOutputs,
  outputShape: accessReviewScopeReadShape,
  inputs: requestObject({
    ...accessReviewScopeWritableShape,
    accessReviewId: pathId("is required (the id of an existing campaign)"),
    ...restoreInputs,
  }),
  existingId: (inputs) => (typeof inputs.accessReviewId === "string" ? inputs.accessReviewId : undefined),
  api: scopeApi,
});
