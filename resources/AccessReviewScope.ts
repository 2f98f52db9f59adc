import type * as pulumi from "@pulumi/pulumi";
import type { Assert, SameNames } from "../provider/kinds";
import { accessReviewScopeKind, type scopeOutputs } from "../provider/kinds/accessReviewScope";
import type {
  AccessReviewScopeArgs,
  AccessReviewScopeOutputs,
  EntitlementSelector,
  GrantsByCriteriaArgs,
  Outputs,
  ScopeV2Args,
} from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { AccessReviewScopeArgs, EntitlementSelector, GrantsByCriteriaArgs, ScopeV2Args };

type ScopeOutputsTyped = Assert<SameNames<(typeof scopeOutputs)[number], keyof AccessReviewScopeOutputs>>;

// Its outputs, derived from its shapes: `AccessReviewScopeOutputs` in resources/types.ts.
export interface AccessReviewScope extends Outputs<AccessReviewScopeOutputs> {}

/**
 * Manages the scope and selected entitlements of an existing access-review campaign. Every write sends the whole
 * scope and entitlement list (the service replaces both); delete leaves the campaign as it is, unless
 * `restoreOnDelete` asks for the scope and entitlements it replaced to be put back.
 */
export class AccessReviewScope extends IdgovResource {
  constructor(name: string, args: AccessReviewScopeArgs, opts?: pulumi.CustomResourceOptions) {
    super(accessReviewScopeKind, name, args, opts);
  }
}
