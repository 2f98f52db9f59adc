import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../../provider/client/paths";
import { credentialInventoryPolicySchema, sessionPolicySchema } from "../../provider/schemas";
import type { CredentialInventoryPolicy, SessionPolicy } from "../types";
import { checkArgKeys, requireId } from "./arguments";
import type { LookupOptions } from "./config";
import { fetchMember } from "./fetch";
import { lookupOutput, type LookupInputs } from "./output";

/** A session policy (spec 2.12); unknown fields and enum values are kept. */
export type SessionPolicyInfo = SessionPolicy;
/** A credential-inventory policy (spec 2.14); unknown fields and enum values are kept. */
export type CredentialInventoryPolicyInfo = CredentialInventoryPolicy;

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

const SESSION_POLICY = "getSessionPolicy";
const INVENTORY_POLICY = "getCredentialInventoryPolicy";

/** One session policy by id (`GET /api/v1/session-policies/{id}`). */
export async function getSessionPolicy(
  args: GetSessionPolicyArgs,
  options?: LookupOptions,
): Promise<SessionPolicyInfo> {
  const id = requireId(SESSION_POLICY, checkArgKeys(SESSION_POLICY, args, ["id"]), "id");
  return fetchMember(SESSION_POLICY, options, {
    path: apiPath`/api/v1/session-policies/${id}`,
    member: "sessionPolicy",
    schema: sessionPolicySchema,
  });
}

/** {@link getSessionPolicy} with Pulumi inputs, answering an Output. */
export function getSessionPolicyOutput(
  args: LookupInputs<GetSessionPolicyArgs>,
  options?: LookupOptions,
): pulumi.Output<SessionPolicyInfo> {
  return lookupOutput(getSessionPolicy, args, options);
}

/** One credential-inventory policy by id (`GET /api/v1/credential-inventory-policies/{id}`). */
export async function getCredentialInventoryPolicy(
  args: GetCredentialInventoryPolicyArgs,
  options?: LookupOptions,
): Promise<CredentialInventoryPolicyInfo> {
  const id = requireId(INVENTORY_POLICY, checkArgKeys(INVENTORY_POLICY, args, ["id"]), "id");
  return fetchMember(INVENTORY_POLICY, options, {
    path: apiPath`/api/v1/credential-inventory-policies/${id}`,
    member: "credentialInventoryPolicy",
    schema: credentialInventoryPolicySchema,
  });
}

/** {@link getCredentialInventoryPolicy} with Pulumi inputs, answering an Output. */
export function getCredentialInventoryPolicyOutput(
  args: LookupInputs<GetCredentialInventoryPolicyArgs>,
  options?: LookupOptions,
): pulumi.Output<CredentialInventoryPolicyInfo> {
  return lookupOutput(getCredentialInventoryPolicy, args, options);
}
