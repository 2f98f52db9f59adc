import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveProviderConfig } from "../../../provider/client/config";
import { paperSecretShape } from "../../../provider/schemas";
import { getSecretMetadata, getSecretMetadataOutput } from "../../../resources";
import { SEED } from "../../../emulator";
import { settle, useLookupEmulator } from "./harness";

const suite = useLookupEmulator();

/** The metadata fields of spec 2.13, as the lookup's schema lists them. */
const SPEC_FIELDS = Object.keys(paperSecretShape);

describe("getSecretMetadata against the emulator", () => {
  it.each([SEED.secretVaultId, "vault-vpn-recovery-codes", "vault-offboarding-handover"])(
    "answers the metadata of %s and never its content",
    async (vaultId) => {
      const secret = await getSecretMetadata({ vaultId }, suite.options);
      expect(secret.vaultId).toBe(vaultId);
      expect(Object.keys(secret).every((key) => SPEC_FIELDS.includes(key))).toBe(true);
      expect(JSON.stringify(secret)).not.toContain(SEED.secretContentMarker);
    },
  );

  it("keeps status and type values the package does not know", async () => {
    const secret = await getSecretMetadata({ vaultId: "vault-offboarding-handover" }, suite.options);
    expect(secret).toMatchObject({
      status: "SECRET_STATUS_EXHAUSTED",
      secretType: "SECRET_TYPE_FILE",
      contentDeleted: true,
      fileSize: "0",
    });
  });

  it("answers a secret Output, since shareCode and shareUrl open the secret", async () => {
    const { value, secret } = await settle(
      getSecretMetadataOutput({ vaultId: SEED.secretVaultId }, suite.options),
    );
    expect(secret).toBe(true);
    expect(value.shareUrl).toBe(`https://acme.example.com/paper/${SEED.secretVaultId}#share-1`);
  });
});

describe("getSecretMetadata against a service that sends more than metadata", () => {
  const CONTENT = "correct-horse-battery-staple";
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const body =
        request.url === "/api/v1/secrets-admin/vault-leaky"
          ? {
              secret: {
                vaultId: "vault-leaky",
                displayName: "Leaky",
                content: CONTENT,
                ciphertext: CONTENT,
                plaintext: CONTENT,
              },
            }
          : { code: 5, message: "not found", details: [] };
      response.writeHead(request.url === "/api/v1/secrets-admin/vault-leaky" ? 200 : 404, {
        "content-type": "application/json",
      });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("drops every member the spec does not list, so the content never reaches the program", async () => {
    const config = resolveProviderConfig(undefined, {
      IDGOV_BASE_URL: url,
      IDGOV_ACCESS_TOKEN: "static-token",
    });
    const secret = await getSecretMetadata({ vaultId: "vault-leaky" }, { config });
    expect(secret).toEqual({ vaultId: "vault-leaky", displayName: "Leaky" });
  });
});
