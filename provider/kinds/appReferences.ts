/**
 * The ids an App hands the service that it cannot check first: its `owners` (user ids) and its grant, revoke and
 * certify policy ids. The service's contract offers no read that lists its users, nor those policies (spec 4: its one
 * listing of users is an existing app's owners; its policy reads are session and credential-inventory policies), so
 * an id the tenant does not know is refused by the service at the write. Its refusal names the field; the App adds
 * the lookup that shows valid values, once, after the service's message.
 */
import { NATIVE_TOKEN_PREFIX } from "./tokens";

/** The lookup that lists an app's owners, by its name in each SDK: the only listing of users the service has. */
export const OWNERS_LOOKUP = `${NATIVE_TOKEN_PREFIX}listAppOwners (TypeScript idgov.listAppOwners, Python idgov.list_app_owners, Go idgov.ListAppOwners, Java IdgovFunctions.listAppOwners)`;

/** The lookup that shows an app, its policy ids among its fields, by its name in each SDK. */
export const APP_LOOKUP = `${NATIVE_TOKEN_PREFIX}getApp (TypeScript idgov.getApp, Python idgov.get_app, Go idgov.LookupApp, Java IdgovFunctions.getApp)`;

/** Where valid owners are found. */
export const OWNERS_HINT = `the service lists no users; ${OWNERS_LOOKUP} lists the owners of an existing app`;

/** Where valid policy ids are found. */
export const POLICIES_HINT = `the service lists no grant, revoke or certify policies; ${APP_LOOKUP} shows an existing app's grantPolicyId, revokePolicyId and certifyPolicyId`;

/** Quoted text of a message: the values it names (`user "nobody"`, `annotation "owners"`), never its fields. */
const QUOTED = /"[^"]*"|'[^']*'|`[^`]*`/g;
const OWNERS_FIELD = /\bowners\b/;
const POLICY_FIELD =
  /\b(?:grantPolicyId|revokePolicyId|certifyPolicyId|grant_policy_id|revoke_policy_id|certify_policy_id)\b/;

/**
 * The lookups for the fields a refusal of an App's write names (`owners[1]: user "nobody" not found`,
 * `grant_policy_id: …`), or undefined when it names neither `owners` nor a policy id field.
 */
export function appRefusalHint(serverMessage: string): string | undefined {
  const fields = serverMessage.replace(QUOTED, '""');
  const hints = [
    ...(OWNERS_FIELD.test(fields) ? [OWNERS_HINT] : []),
    ...(POLICY_FIELD.test(fields) ? [POLICIES_HINT] : []),
  ];
  return hints.length === 0 ? undefined : hints.join("; ");
}
