import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { IdgovNotFoundError } from "../provider/errors";
import {
  type ApiClient,
  canonicalJson,
  canonicalValue,
  containsUnknown,
  deletePath,
  duration,
  type FieldSpec,
  getPath,
  type KindApi,
  type LiveObject,
  type ResourceKind,
  scalar,
  set,
  setOf,
  setPath,
  timestamp,
} from "../provider/engine";
import { apiPath } from "../provider/client/paths";
import {
  accessReviewEntitlementRowSchema,
  entitlementSelectorSchema,
  requestObject,
  responseObject,
  scopeV2Schema,
  scopeV2WritableSchema,
} from "../provider/schemas";
import type { AccessReviewEntitlement, ScopeV2 } from "./types";
import {
  dynamicArgs,
  ownershipInputs,
  pathId,
  resourceProps,
  type RestoreArgs,
  restoreInputs,
} from "./dynamic/controls";
import { IdgovResource } from "./dynamic/dynamicResource";

type Json = Record<string, unknown>;

/** The inner values of a scope whose form the service fixes (spec 2.0.4, 2.9); the rest is carried as written. */
const SCOPE_V2_FORMS: Readonly<Record<string, FieldSpec>> = {
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
};

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
};

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
  };
  return { id: accessReviewId, fields };
}

/** Reads the scope of a campaign; writes replace the scope and the selected entitlements (operation rule 10). */
const scopeApi: KindApi = {
  async get(client: ApiClient, id: string) {
    try {
      return toLive(id, await client.requestParsed({ method: "GET", path: scopePath(id) }, answerSchema));
    } catch (error) {
      if (error instanceof IdgovNotFoundError) return undefined;
      throw error;
    }
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

/** @internal */
export const accessReviewScopeKind: ResourceKind = {
  name: "AccessReviewScope",
  fields: scopeFields,
  replaceStyleUpdate: true,
  inputSchema: requestObject({
    accessReviewId: pathId("is required (the id of an existing campaign)"),
    scopeV2: scopeV2WritableSchema.optional(),
    entitlements: z.array(entitlementSelectorSchema).optional(),
    ...restoreInputs,
    ...ownershipInputs,
  }),
  existingId: (inputs) => (typeof inputs.accessReviewId === "string" ? inputs.accessReviewId : undefined),
  api: scopeApi,
};

type In<T> = pulumi.Input<T>;

/** An entitlement selected for a campaign. */
export interface EntitlementSelector {
  appId: string;
  appEntitlementId: string;
}

/** The scope and selected entitlements of an existing access-review campaign (spec 2.9). */
export interface AccessReviewScopeArgs extends RestoreArgs {
  /** The campaign, which exists already. Changing it replaces the resource. */
  accessReviewId: In<string>;
  /**
   * The scope: at most one member of each of its seven oneof groups, and any combination of groups (reference 5.1),
   * e.g. `{ allUsers: {}, appAccess: {}, grantsByCriteria: { daysSinceAdded: "7776000s" } }`; `principalTypeFilter` and
   * `scopeRoleSelection` belong to no group. Members the document shows without fields are sent as `{}`. Left out, the
   * scope is empty.
   */
  scopeV2?: In<Record<string, unknown>>;
  /** The selected entitlements: a set (order does not matter). Left out, none is selected. */
  entitlements?: In<In<{ appId: In<string>; appEntitlementId: In<string> }>[]>;
}

const scopeOutputs = [...Object.keys(scopeFields), "accessReviewEntitlements"] as const;

/**
 * Manages the scope and selected entitlements of an existing access-review campaign. Every write sends the whole
 * scope and entitlement list (the service replaces both); delete leaves the campaign as it is, unless
 * `restoreOnDelete` asks for the scope and entitlements it replaced to be put back.
 */
export class AccessReviewScope extends IdgovResource {
  declare readonly accessReviewId: pulumi.Output<string>;
  declare readonly scopeV2: pulumi.Output<ScopeV2>;
  declare readonly entitlements: pulumi.Output<EntitlementSelector[]>;
  /** The selected entitlements as stored, with the policy each is reviewed under. */
  declare readonly accessReviewEntitlements: pulumi.Output<AccessReviewEntitlement[]>;

  constructor(name: string, args: AccessReviewScopeArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = dynamicArgs("AccessReviewScope");
    const props = resourceProps("AccessReviewScope", name, args, scopeOutputs, opts);
    super(kind.provider, name, props, opts, kind.module, kind.type);
  }
}
