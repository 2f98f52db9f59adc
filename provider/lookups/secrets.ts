import { z } from "zod";
import { apiPath } from "../client/paths";
import { paperSecretShape, responseObjectKnownFields } from "../schemas";
import { checkArgKeys, requireId } from "./arguments";
import type { LookupOptions } from "./options";
import { fetchMember } from "./fetch";
import type { GetSecretMetadataArgs } from "./args";

/** The spec's metadata fields only: any other member of the answer (content, ciphertext, ...) is dropped. */
const secretMetadataSchema = responseObjectKnownFields(paperSecretShape);

const LOOKUP = "getSecretMetadata";

/**
 * The metadata of any shared secret, by its service id (`GET /api/v1/secrets-admin/{vault_id}`, the
 * administrator view). Answers the fields of spec 2.13 only: whatever else the service sends is dropped, so
 * secret content never reaches the program.
 */
export async function getSecretMetadata(args: GetSecretMetadataArgs, options?: LookupOptions) {
  const vaultId = requireId(LOOKUP, checkArgKeys(LOOKUP, args, ["vaultId"]), "vaultId");
  return fetchMember(LOOKUP, options, {
    path: apiPath`/api/v1/secrets-admin/${vaultId}`,
    member: "secret",
    schema: secretMetadataSchema,
  });
}
