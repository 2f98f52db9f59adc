import type * as pulumi from "@pulumi/pulumi";
import * as plain from "../../provider/lookups/policies";
import type { GetSessionPolicyArgs, GetCredentialInventoryPolicyArgs } from "../../provider/lookups/args";
import type { CredentialInventoryPolicy, SessionPolicy } from "../types";
import { type LookupOptions, programOptions } from "./config";
import { lookupOutput, type LookupInputs } from "./output";

export type { GetSessionPolicyArgs, GetCredentialInventoryPolicyArgs };

/** A session policy (spec 2.12); unknown fields and enum values are kept. */
export type SessionPolicyInfo = SessionPolicy;
/** A credential-inventory policy (spec 2.14); unknown fields and enum values are kept. */
export type CredentialInventoryPolicyInfo = CredentialInventoryPolicy;

/** One session policy by id (`GET /api/v1/session-policies/{id}`). */
export function getSessionPolicy(
  args: GetSessionPolicyArgs,
  options?: LookupOptions,
): Promise<SessionPolicyInfo> {
  return plain.getSessionPolicy(args, programOptions(options));
}

/** {@link getSessionPolicy} with Pulumi inputs, answering an Output. */
export function getSessionPolicyOutput(
  args: LookupInputs<GetSessionPolicyArgs>,
  options?: LookupOptions,
): pulumi.Output<SessionPolicyInfo> {
  return lookupOutput(getSessionPolicy, args, options);
}

/** One credential-inventory policy by id (`GET /api/v1/credential-inventory-policies/{id}`). */
export function getCredentialInventoryPolicy(
  args: GetCredentialInventoryPolicyArgs,
  options?: LookupOptions,
): Promise<CredentialInventoryPolicyInfo> {
  return plain.getCredentialInventoryPolicy(args, programOptions(options));
}

/** {@link getCredentialInventoryPolicy} with Pulumi inputs, answering an Output. */
export function getCredentialInventoryPolicyOutput(
  args: LookupInputs<GetCredentialInventoryPolicyArgs>,
  options?: LookupOptions,
): pulumi.Output<CredentialInventoryPolicyInfo> {
  return lookupOutput(getCredentialInventoryPolicy, args, options);
}
