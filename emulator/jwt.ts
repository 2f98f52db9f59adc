import { createPrivateKey, createPublicKey, verify, type KeyObject } from "node:crypto";
import { unauthenticated } from "./errors";

/** The claims the token endpoint reads from a JWT (all optional on the wire). */
export interface JwtClaims {
  iss?: unknown;
  sub?: unknown;
  aud?: unknown;
  exp?: unknown;
  nbf?: unknown;
  iat?: unknown;
  jti?: unknown;
}

/** How each JWS `alg` is verified, and the key type it needs. */
const ALGORITHMS: Readonly<Record<string, { keyType: string; digest: string | null; p1363?: boolean }>> = {
  EdDSA: { keyType: "ed25519", digest: null },
  RS256: { keyType: "rsa", digest: "sha256" },
  ES256: { keyType: "ec", digest: "sha256", p1363: true },
};

function decodeSegment(segment: string, what: string, name: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // answered below
  }
  throw unauthenticated(`${name}: the JWT ${what} is not base64url JSON`);
}

/**
 * Checks a compact JWS signed with `key` (`keyName` says whose) and answers its claims. `name` ("client assertion",
 * "subject token") starts every 401 message, which names the rule broken.
 */
export function verifyJwt(token: string, key: KeyObject, name: string, keyName: string): JwtClaims {
  const parts = token.split(".");
  if (parts.length !== 3) throw unauthenticated(`${name}: not a compact JWT (header.payload.signature)`);
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeSegment(headerPart, "header", name);
  const algorithm = typeof header["alg"] === "string" ? ALGORITHMS[header["alg"]] : undefined;
  if (algorithm === undefined || algorithm.keyType !== key.asymmetricKeyType) {
    const expected = Object.entries(ALGORITHMS).find(([, a]) => a.keyType === key.asymmetricKeyType)?.[0];
    throw unauthenticated(`${name}: alg must be ${expected ?? "one the key supports"}`);
  }
  const signed = Buffer.from(`${headerPart}.${payloadPart}`);
  const signature = Buffer.from(signaturePart, "base64url");
  const keyInput = algorithm.p1363 ? { key, dsaEncoding: "ieee-p1363" as const } : key;
  if (!verify(algorithm.digest, signed, keyInput, signature)) {
    throw unauthenticated(`${name}: the signature does not verify with ${keyName}`);
  }
  return decodeSegment(payloadPart, "payload", name);
}

/** Checks `exp` (required, in the future) and `nbf` (if present, not later than `leewaySeconds` from now). */
export function checkTimeWindow(claims: JwtClaims, name: string, nowSeconds: number, leewaySeconds: number) {
  if (typeof claims.exp !== "number") throw unauthenticated(`${name}: exp is required (a number)`);
  if (claims.exp <= nowSeconds) throw unauthenticated(`${name}: expired (exp has passed)`);
  if (
    claims.nbf !== undefined &&
    (typeof claims.nbf !== "number" || claims.nbf > nowSeconds + leewaySeconds)
  ) {
    throw unauthenticated(`${name}: not valid yet (nbf is in the future)`);
  }
}

/** Whether `aud` (a string or a list) names `audience`. */
export function audienceIncludes(aud: unknown, audience: string): boolean {
  return aud === audience || (Array.isArray(aud) && aud.includes(audience));
}

const KEY_SECRET = /^secret-token:[^:]+:v1:([A-Za-z0-9_-]+)$/;

/**
 * The public key of a client secret of the key form `secret-token:<domain>:v1:<base64url Ed25519 private JWK>`,
 * or undefined for a secret of any other form.
 */
export function publicKeyOfKeySecret(secret: string): KeyObject | undefined {
  const encoded = KEY_SECRET.exec(secret)?.[1];
  if (encoded === undefined) return undefined;
  let privateKey: KeyObject | undefined;
  try {
    const jwk = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as Record<string, string>;
    privateKey = createPrivateKey({ key: jwk, format: "jwk" });
  } catch {
    privateKey = undefined;
  }
  if (privateKey?.asymmetricKeyType !== "ed25519") {
    throw new Error("clientSecret has the key form, but its JWK is not an Ed25519 private key");
  }
  return createPublicKey(privateKey);
}

/** A trusted issuer's public key from its text: a PEM public key, or a public JWK (JSON). */
export function publicKeyFromText(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    return createPublicKey({ key: JSON.parse(trimmed) as Record<string, string>, format: "jwk" });
  }
  return createPublicKey(trimmed);
}
