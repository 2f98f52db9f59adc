import { apiPath } from "../client/paths";
import { credentialInventoryPolicySchema, sessionPolicySchema } from "../schemas";
import { checkArgKeys, requireId } from "./arguments";
import type { LookupOptions } from "./options";
import { fetchMember } from "./fetch";
import type { GetSessionPolicyArgs, GetCredentialInventoryPolicyArgs } from "./args";

const SESSION_POLICY = "getSessionPolicy";
const INVENTORY_POLICY = "getCredentialInventoryPolicy";

/** One session policy by id (`GET /api/v1/session-policies/{id}`). */
export async function getSessionPolicy(args: GetSessionPolicyArgs, options?: LookupOptions) {
  const id = requireId(SESSION_POLICY, checkArgKeys(SESSION_POLICY, args, ["id"]), "id");
  return fetchMember(SESSION_POLICY, options, {
    path: apiPath`/api/v1/session-policies/${id}`,
    member: "sessionPolicy",
    schema: sessionPolicySchema,
  });
}

/** One credential-inventory policy by id (`GET /api/v1/credential-inventory-policies/{id}`). */
export async function getCredentialInventoryPolicy(
  args: GetCredentialInventoryPolicyArgs,
  options?: LookupOptions,
) {
  const id = requireId(INVENTORY_POLICY, checkArgKeys(INVENTORY_POLICY, args, ["id"]), "id");
  return fetchMember(INVENTORY_POLICY, options, {
    path: apiPath`/api/v1/credential-inventory-policies/${id}`,
    member: "credentialInventoryPolicy",
    schema: credentialInventoryPolicySchema,
  });
}
