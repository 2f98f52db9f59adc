import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { apiPath } from "../../provider/client/paths";
import { paperSecretShape, responseObjectKnownFields } from "../../provider/schemas";
import type { PaperSecret } from "../types";
import { checkArgKeys, requireId } from "./arguments";
import type { LookupOptions } from "./config";
import { fetchMember } from "./fetch";
import { lookupOutput, type LookupInputs } from "./output";

/**
 * A shared secret's metadata, administrator view (spec 2.13): only the fields the spec lists. Never the
 * secret's content.
 */
export type SecretMetadata = { [K in keyof PaperSecret as string extends K ? never : K]: PaperSecret[K] };

/** Arguments of {@link getSecretMetadata}. */
export interface GetSecretMetadataArgs {
  /** The secret's service id (`vaultId`). Required. */
  vaultId: string;
}

/** The spec's metadata fields only: any other member of the answer (content, ciphertext, ...) is dropped. */
const secretMetadataSchema = responseObjectKnownFields(paperSecretShape);

const LOOKUP = "getSecretMetadata";

/**
 * The metadata of any shared secret, by its service id (`GET /api/v1/secrets-admin/{vault_id}`, the
 * administrator view). Answers the fields of spec 2.13 only: whatever else the service sends is dropped, so
 * secret content never reaches the program.
 */
export async function getSecretMetadata(
  args: GetSecretMetadataArgs,
  options?: LookupOptions,
): Promise<SecretMetadata> {
  const vaultId = requireId(LOOKUP, checkArgKeys(LOOKUP, args, ["vaultId"]), "vaultId");
  return fetchMember(LOOKUP, options, {
    path: apiPath`/api/v1/secrets-admin/${vaultId}`,
    member: "secret",
    schema: secretMetadataSchema,
  });
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
