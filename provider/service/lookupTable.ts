import { z } from "zod";
import { carriesClientSecret } from "../lookups/getters";
import { entitlementOwnerRowSchema } from "../lookups/owners";
import * as s from "../schemas";
import type { Props } from "../engine";

/** The arguments every listing lookup takes beside its own (`PagingArgs`). */
const paging = { pageSize: z.number().int().optional(), limit: z.number().int().optional() };
const byId = { id: z.string() };
const strings = z.array(z.string()).optional();

/**
 * One lookup as a function of the package (`idgov:index:<name>`): its arguments and its answer as zod shapes (for
 * the schema), whether the answer is a list (answered as `items`), and whether it is secret.
 */
export interface LookupEntry {
  readonly name: string;
  readonly description: string;
  readonly args: z.ZodRawShape;
  /** The answer, or each item of a list answer. */
  readonly result: z.ZodType;
  readonly list: boolean;
  /** Whether an answer is secret (always, or when it carries a secret value). */
  readonly secret?: (answer: Props) => boolean;
  /** Whether the lookup takes its options only (no arguments object). */
  readonly noArgs?: boolean;
}

function entry(
  name: string,
  description: string,
  args: z.ZodRawShape,
  result: z.ZodType,
  options: Partial<Pick<LookupEntry, "list" | "secret" | "noArgs">> = {},
): LookupEntry {
  return { name, description, args, result, list: options.list ?? false, ...options };
}

/** Every lookup of the TypeScript door, as a function of the native provider. */
export const LOOKUPS: readonly LookupEntry[] = [
  entry("getApp", "One app by id (GET /api/v1/apps/{id}).", byId, s.appSchema),
  entry("getRequestCatalog", "One request catalog by id, as its view.", byId, s.requestCatalogViewSchema),
  entry("getAutomation", "One automation by id.", byId, s.automationSchema),
  entry("getAuthConfig", "One authentication-provider configuration by id.", byId, s.authConfigSchema, {
    secret: carriesClientSecret,
  }),
  entry(
    "getAppResource",
    "One app resource, as its view.",
    { appId: z.string(), appResourceTypeId: z.string(), id: z.string() },
    s.appResourceViewSchema,
  ),
  entry("getSsoSettings", "The tenant's single-sign-on provider settings.", {}, s.ssoSettingsSchema, {
    noArgs: true,
  }),
  entry(
    "getCrossAppAccessSettings",
    "The tenant's cross-app-access issuer settings.",
    {},
    s.xaaSettingsSchema,
    {
      noArgs: true,
    },
  ),
  entry("getSessionSettings", "The tenant's session security settings.", {}, s.sessionSettingsSchema, {
    noArgs: true,
  }),
  entry(
    "getUserNotificationSettings",
    "The notification preferences of the user the credentials act for.",
    {},
    s.userNotificationSettingsSchema,
    { noArgs: true },
  ),
  entry("getSessionPolicy", "A session policy by id.", byId, s.sessionPolicySchema),
  entry(
    "getCredentialInventoryPolicy",
    "A credential-inventory policy by id.",
    byId,
    s.credentialInventoryPolicySchema,
  ),
  entry(
    "getSecretMetadata",
    "A shared secret's metadata (never its content), by its service id.",
    { vaultId: z.string() },
    z.object(s.paperSecretShape),
    { secret: () => true },
  ),
  entry("listAppOwners", "Every owner of an app.", { appId: z.string(), ...paging }, s.userSchema, {
    list: true,
  }),
  entry(
    "listAppEntitlementOwners",
    "Every entitlement-owner row of an app.",
    { appId: z.string(), roleSlug: z.string().optional(), ...paging },
    entitlementOwnerRowSchema,
    { list: true },
  ),
  entry(
    "listMcpResources",
    "Every MCP resource one connector of an app discovered.",
    { appId: z.string(), connectorId: z.string(), ...paging },
    s.mcpResourceSchema,
    { list: true },
  ),
  entry(
    "searchAutomations",
    "Searches the tenant's automations and answers every match.",
    {
      appId: z.string().optional(),
      appIds: strings,
      isDraft: z.boolean().optional(),
      query: z.string().optional(),
      refs: z.array(z.object({ id: z.string() })).optional(),
      statuses: strings,
      triggerTypes: strings,
      sortField: z.string().optional(),
      direction: z.string().optional(),
      ...paging,
    },
    s.automationSchema,
    { list: true },
  ),
  entry(
    "searchRoleMiningSuggestions",
    "Searches the tenant's role-mining suggestions and answers every match.",
    { query: z.string().optional(), states: strings, matchTypes: strings, cohortTypes: strings, ...paging },
    s.roleMiningSuggestionSchema,
    { list: true },
  ),
];

/** The lookup named `name` (`getApp`); undefined for another name. */
export function lookupNamed(name: string): LookupEntry | undefined {
  return LOOKUPS.find((lookup) => lookup.name === name);
}
