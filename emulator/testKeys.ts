/**
 * Keys and JWTs for tests and scripts of keyless authentication: a key-form client secret, and a local OIDC
 * issuer that mints identity tokens as a CI system does.
 */
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/** A fresh client secret of the key form `secret-token:<domain>:v1:<base64url Ed25519 private JWK>`. */
export function keyFormSecret(domain = "emulator.invalid"): string {
  const { privateKey } = generateKeyPairSync("ed25519");
  const jwk = JSON.stringify(privateKey.export({ format: "jwk" }));
  return `secret-token:${domain}:v1:${Buffer.from(jwk).toString("base64url")}`;
}

/** Signs a compact JWS: RS256 for an RSA key, EdDSA for an Ed25519 key. */
export function signJwt(claims: Record<string, unknown>, privateKey: KeyObject, header: object = {}): string {
  const alg = privateKey.asymmetricKeyType === "rsa" ? "RS256" : "EdDSA";
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${encode({ alg, typ: "JWT", ...header })}.${encode(claims)}`;
  const signature = sign(alg === "RS256" ? "sha256" : null, Buffer.from(input), privateKey);
  return `${input}.${signature.toString("base64url")}`;
}

/** A local OIDC issuer (RSA, like GitHub's and GitLab's) that mints identity tokens. */
export class LocalIssuer {
  readonly issuer: string;
  private readonly keys = generateKeyPairSync("rsa", { modulusLength: 2048 });

  constructor(issuer = "https://ci.example.test") {
    this.issuer = issuer;
  }

  /** The public key as PEM: what the emulator's `oidcIssuerKey` takes. */
  get publicKeyPem(): string {
    return this.keys.publicKey.export({ format: "pem", type: "spki" }).toString();
  }

  /** An identity token for `audience`, valid for `lifetimeSeconds` from now; `claims` override. */
  mint(audience: string, lifetimeSeconds = 300, claims: Record<string, unknown> = {}): string {
    const now = Math.floor(Date.now() / 1000);
    return signJwt(
      {
        iss: this.issuer,
        sub: "repo:acme/platform:ref:refs/heads/main",
        aud: audience,
        iat: now,
        nbf: now,
        exp: now + lifetimeSeconds,
        jti: randomBytes(8).toString("hex"),
        ...claims,
      },
      this.keys.privateKey,
    );
  }
}
