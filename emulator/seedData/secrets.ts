import { PAPER_SECRET_MODEL } from "../models/discovery";
import { materialize } from "../models/materialize";
import { SEED } from "../seed";
import type { JsonObject, TenantState } from "../state";
import { seedTime } from "./clock";

type SecretSeed = Pick<TenantState, "secrets" | "secretContents">;

/** Shared secrets (metadata); statuses and types beyond the zero members are values the spec does not list. */
const SECRETS: JsonObject[] = [
  {
    vaultId: SEED.secretVaultId,
    displayName: "Reporting DB read-only password",
    filename: "",
    contentType: "text/plain",
    creatorUserId: "user-0007",
    fileSize: "32",
    allowedEmails: ["mary.jackson@acme.example.com"],
    allowedUserIds: ["user-0019"],
    contentReady: true,
    contentExpiresAt: seedTime(7),
    currentViews: 1,
    maxViews: 3,
    ageSuite: "AGE_SUITE_X25519",
    inputFormat: "SECRET_INPUT_FORMAT_PLAINTEXT",
    secretType: "SECRET_TYPE_TEXT",
    sharingMode: "PAPER_VAULT_SHARING_MODE_INTERNAL",
    status: "SECRET_STATUS_ACTIVE",
  },
  {
    vaultId: "vault-vpn-recovery-codes",
    displayName: "VPN recovery codes",
    filename: "recovery-codes.txt",
    contentType: "text/plain",
    creatorUserId: "user-0010",
    fileSize: "412",
    allowedUserIds: ["user-0011", "user-0020"],
    contentReady: true,
    contentExpiresAt: seedTime(30),
    currentViews: 0,
    maxViews: 2,
    ageSuite: "AGE_SUITE_X25519",
    inputFormat: "SECRET_INPUT_FORMAT_KEY_VALUE",
    secretType: "SECRET_TYPE_FILE",
    sharingMode: "PAPER_VAULT_SHARING_MODE_INTERNAL",
    status: "SECRET_STATUS_ACTIVE",
  },
  {
    vaultId: "vault-offboarding-handover",
    displayName: "Offboarding handover notes",
    contentType: "text/markdown",
    creatorUserId: "user-0002",
    fileSize: "0",
    contentDeleted: true,
    contentReady: false,
    currentViews: 2,
    maxViews: 2,
    inputFormat: "SECRET_INPUT_FORMAT_PLAINTEXT",
    secretType: "SECRET_TYPE_FILE",
    sharingMode: "PAPER_VAULT_SHARING_MODE_EXTERNAL",
    // Deliberately unknown member (not in wire-schemas.json): clients must carry it through.
    status: "SECRET_STATUS_EXHAUSTED",
  },
];

/**
 * Shared secrets: metadata in `secrets`, and the content in `secretContents`, which no route
 * answers (spec 2.13 is the administrator's metadata view). Every content starts with
 * `SEED.secretContentMarker`, so tests can prove it never leaks.
 */
export function seedSecrets(): SecretSeed {
  const secrets: Record<string, JsonObject> = {};
  const secretContents: Record<string, string> = {};
  SECRETS.forEach((fields, index) => {
    const vaultId = String(fields["vaultId"]);
    secrets[vaultId] = materialize(
      {
        shareCode: `share-${index + 1}-${vaultId.slice(6, 12)}`,
        shareUrl: `https://acme.example.com/paper/${vaultId}#share-${index + 1}`,
        createdAt: seedTime(-3 - index),
        updatedAt: seedTime(-1 - index),
        ...fields,
      },
      PAPER_SECRET_MODEL,
    );
    secretContents[vaultId] = fields["contentDeleted"] === true ? "" : `${SEED.secretContentMarker}${index}`;
  });
  return { secrets, secretContents };
}
