/** The arguments of every lookup: plain interfaces, so the public declarations that name them import no zod. */

/** Paging controls every listing lookup accepts. */
export interface PagingArgs {
  /**
   * Items per page asked of the service (it answers 10 to 100: smaller sizes get 10).
   * @default 100 for lists; 10 for the automation and role-mining searches, whose rows are large
   */
  pageSize?: number;
  /** Stop after this many items; no further page is fetched. @default every item */
  limit?: number;
}

/** Filters and order of {@link searchAutomations} (spec 4, `POST /api/v1/search/automations`). */
export interface SearchAutomationsArgs extends PagingArgs {
  /** Automations of this app; ignored when `appIds` is non-empty (rule 1). */
  appId?: string;
  /** Automations of any of these apps; supersedes `appId` when non-empty (rule 1). */
  appIds?: string[];
  /** `true`: drafts only; `false`: published only; unset: both (rule 2). */
  isDraft?: boolean;
  /** Free text the service looks for in the automations (their names and descriptions). */
  query?: string;
  /** Only these automations, by id (`AutomationTemplateRef`: an automation is a template of its runs). */
  refs?: { id: string }[];
  /** `AUTOMATION_STATUS_FILTER_ON` (enabled) / `_OFF` (disabled); empty, or both, means no status filter (rule 3). */
  statuses?: string[];
  /** Primary trigger types, e.g. `TRIGGER_TYPE_WEBHOOK`; values newer than this package pass through. */
  triggerTypes?: string[];
  /** e.g. `AUTOMATION_SORT_FIELD_DISPLAY_NAME`. @default createdAt, newest first (rule 4) */
  sortField?: string;
  /** `SORT_DIRECTION_ASC` or `_DESC`; unspecified means ascending when `sortField` is set (rule 4). */
  direction?: string;
}

/** Arguments of the get-by-id lookups of {@link getApp}, {@link getRequestCatalog}, {@link getAutomation}, {@link getAuthConfig}. */
export interface GetByIdArgs {
  /** The object's id. Required. */
  id: string;
}

/** Arguments of {@link getAppResource}: the resource's app, its resource type and its id, all required. */
export interface GetAppResourceArgs {
  appId: string;
  appResourceTypeId: string;
  id: string;
}

/** Arguments of {@link listMcpResources}: both ids are required. */
export interface ListMcpResourcesArgs extends PagingArgs {
  /** The app the connector belongs to. Required. */
  appId: string;
  /** The connector that discovered the resources. Required. */
  connectorId: string;
}

/** Arguments of {@link listAppOwners}. */
export interface ListAppOwnersArgs extends PagingArgs {
  /** The app whose owners to list. Required. */
  appId: string;
}

/** Arguments of {@link listAppEntitlementOwners}. */
export interface ListAppEntitlementOwnersArgs extends PagingArgs {
  /** The app whose entitlement owners to list. Required. */
  appId: string;
  /** Only rows of this owner role, e.g. `owner`. @default every role */
  roleSlug?: string;
}

/** Arguments of {@link getSessionPolicy}. */
export interface GetSessionPolicyArgs {
  /** The policy id. Required. */
  id: string;
}

/** Arguments of {@link getCredentialInventoryPolicy}. */
export interface GetCredentialInventoryPolicyArgs {
  /** The policy id. Required. */
  id: string;
}

/** Filters of {@link searchRoleMiningSuggestions} (spec 4, `POST /api/v1/search/role-mining/suggestions`). */
export interface SearchRoleMiningSuggestionsArgs extends PagingArgs {
  /** Text matched against each suggestion's suggestedName, description and cohort filter values (rule 6). */
  query?: string;
  /** e.g. `SUGGESTION_STATE_NEW`; states newer than this package pass through. */
  states?: string[];
  /** Suggestions with an existing-catalog match of these kinds, e.g. `ACCESS_PROFILE_MATCH_TYPE_EXACT`. */
  matchTypes?: string[];
  /** Cohort kinds: the attribute of a cohort filter, for example `department`, `jobTitle` or `manager`. */
  cohortTypes?: string[];
}

/** Arguments of {@link getSecretMetadata}. */
export interface GetSecretMetadataArgs {
  /** The secret's service id (`vaultId`). Required. */
  vaultId: string;
}
