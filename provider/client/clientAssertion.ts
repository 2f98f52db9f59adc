import { createPrivateKey, randomBytes, sign, type KeyObject } from "node:crypto";
import { configKeyInfo } from "./configKeys";
import { IdgovConfigError } from "../errors/config-error";

/** `client_assertion_type` of a JWT client assertion (RFC 7523). */
export const JWT_BEARER_ASSERTION = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/** How long before and after its signing an assertion is valid, in seconds (as the service's own CLI signs). */
export const ASSERTION_VALIDITY_SECONDS = 120;

const KEY_PREFIX = "secret-token:";
const KEY_SECRET = /^secret-token:[^:\s]+:v1:([A-Za-z0-9_-]+)$/;

/**
 * The Ed25519 private key in a client secret of the key form `secret-token:<domain>:v1:<base64url JWK>`
 * (reference section 2), or undefined for a secret of any other form. A secret that starts like the key form
 * but is not one throws {@link IdgovConfigError}, without echoing it.
 */
export function clientKeyFromSecret(clientSecret: string): KeyObject | undefined {
  if (!clientSecret.startsWith(KEY_PREFIX)) return undefined;
  const encoded = KEY_SECRET.exec(clientSecret.trim())?.[1];
  const key = encoded === undefined ? undefined : ed25519PrivateKey(encoded);
  if (key !== undefined) return key;
  const info = configKeyInfo("clientSecret");
  throw new IdgovConfigError(
    `${info.key} starts with "${KEY_PREFIX}" but is not a key of the form ` +
      `secret-token:<domain>:v1:<base64url Ed25519 private JWK>: copy the whole client secret again`,
    info.key,
  );
}

function ed25519PrivateKey(encodedJwk: string): KeyObject | undefined {
  try {
    const jwk = JSON.parse(Buffer.from(encodedJwk, "base64url").toString("utf8")) as Record<string, string>;
    const key = createPrivateKey({ key: jwk, format: "jwk" });
    return key.asymmetricKeyType === "ed25519" ? key : undefined;
  } catch {
    return undefined;
  }
}

/** What a client assertion says. */
export interface AssertionClaims {
  clientId: string;
  /** The tenant host, without a port (e.g. `acme.example.com`). */
  audience: string;
  /** Epoch milliseconds. */
  now: number;
}

/**
 * Signs a client assertion (RFC 7523, EdDSA): `iss` = `sub` = the client id, `aud` = the tenant host, `iat` now,
 * `nbf` and `exp` {@link ASSERTION_VALIDITY_SECONDS} either side of it, and a random `jti` so that it is used once.
 */
export function signClientAssertion(key: KeyObject, claims: AssertionClaims): string {
  const iat = Math.floor(claims.now / 1000);
  const header = { alg: "EdDSA", typ: "JWT" };
  const payload = {
    iss: claims.clientId,
    sub: claims.clientId,
    aud: claims.audience,
    iat,
    nbf: iat - ASSERTION_VALIDITY_SECONDS,
    exp: iat + ASSERTION_VALIDITY_SECONDS,
    jti: randomBytes(16).toString("base64url"),
  };
  const signingInput = `${base64urlJson(header)}.${base64urlJson(payload)}`;
  const signature = sign(null, Buffer.from(signingInput), key).toString("base64url");
  return `${signingInput}.${signature}`;
}

function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}
