import type * as pulumi from "@pulumi/pulumi";
import * as plain from "../../provider/lookups/secrets";
import type { GetSecretMetadataArgs } from "../../provider/lookups/args";
import type { PaperSecret } from "../types";
import { type LookupOptions, programOptions } from "./config";
import { lookupOutput, type LookupInputs } from "./output";

export type { GetSecretMetadataArgs };

/**
 * A shared secret's metadata, administrator view (spec 2.13): only the fields the spec lists. Never the
 * secret's content.
 */
export type SecretMetadata = { [K in keyof PaperSecret as string extends K ? never : K]: PaperSecret[K] };

/**
 * The metadata of any shared secret, by its service id (`GET /api/v1/secrets-admin/{vault_id}`, the
 * administrator view). Answers the fields of spec 2.13 only: whatever else the service sends is dropped, so
 * secret content never reaches the program.
 */
export function getSecretMetadata(
  args: GetSecretMetadataArgs,
  options?: LookupOptions,
): Promise<SecretMetadata> {
  return plain.getSecretMetadata(args, programOptions(options));
}

/**
 * {@link getSecretMetadata} with Pulumi inputs, answering a secret Output: the metadata holds `shareCode`
 * and `shareUrl`, which open the secret, so it is kept out of plain state and logs.
 */
export function getSecretMetadataOutput(
  args: LookupInputs<GetSecretMetadataArgs>,
  options?: LookupOptions,
): pulumi.Output<SecretMetadata> {
  return lookupOutput(getSecretMetadata, args, options, () => true);
}
