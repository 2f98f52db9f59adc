import type { KeyObject } from "node:crypto";
import { badRequest, unauthenticated } from "./errors";
import { audienceIncludes, checkTimeWindow, verifyJwt } from "./jwt";

/** `client_assertion_type` of a JWT client assertion (RFC 7523). */
export const JWT_BEARER = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
/** `grant_type` of a token exchange (RFC 8693). */
export const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
/** The only `subject_token_type` the exchange takes. */
export const JWT_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:jwt";

/** Longest life of a client assertion the emulator takes (`exp - iat`), in seconds. */
export const MAX_ASSERTION_LIFETIME_SECONDS = 300;
/** Clock skew allowed on `nbf` (a client clock ahead of the emulator's), in seconds. */
export const CLOCK_LEEWAY_SECONDS = 30;

/** The one client's key and the audience its assertions must name. */
export interface AssertionCheck {
  clientId: string;
  publicKey: KeyObject;
  /** The tenant host the request was addressed to (Host header, without the port). */
  audience: string;
  nowSeconds: number;
}

/**
 * Verifies a client assertion (RFC 7523) for the client: signature, `iss` = `sub` = client id, audience, time
 * window and a fresh `jti` (`seenNonces` remembers them until they expire). Throws a 400 or 401 naming the rule.
 */
export function verifyClientAssertion(
  form: URLSearchParams,
  check: AssertionCheck,
  seenNonces: Map<string, number>,
): void {
  const type = form.get("client_assertion_type");
  if (type !== JWT_BEARER) throw badRequest(`client_assertion_type must be ${JWT_BEARER}`);
  const name = "client assertion";
  const claims = verifyJwt(form.get("client_assertion") ?? "", check.publicKey, name, "the client's key");
  if (claims.iss !== check.clientId || claims.sub !== check.clientId) {
    throw unauthenticated(`${name}: iss and sub must both be the client id`);
  }
  if (!audienceIncludes(claims.aud, check.audience)) {
    throw unauthenticated(`${name}: aud must be the tenant host "${check.audience}"`);
  }
  checkTimeWindow(claims, name, check.nowSeconds, CLOCK_LEEWAY_SECONDS);
  if (typeof claims.iat !== "number") throw unauthenticated(`${name}: iat is required (a number)`);
  if ((claims.exp as number) - claims.iat > MAX_ASSERTION_LIFETIME_SECONDS) {
    throw unauthenticated(`${name}: lives longer than ${MAX_ASSERTION_LIFETIME_SECONDS} s (exp - iat)`);
  }
  if (typeof claims.jti !== "string" || claims.jti === "") throw unauthenticated(`${name}: jti is required`);
  for (const [nonce, expiresAt] of seenNonces) if (expiresAt < check.nowSeconds) seenNonces.delete(nonce);
  if (seenNonces.has(claims.jti))
    throw unauthenticated(`${name}: jti was used before (a replayed assertion)`);
  seenNonces.set(claims.jti, claims.exp as number);
}

/** The OIDC issuer whose identity tokens the token exchange accepts. */
export interface TrustedIssuer {
  publicKey: KeyObject;
  /** The `aud` the subject token must name. */
  audience: string;
  /** When set, the `iss` the subject token must carry. */
  issuer?: string | undefined;
}

/**
 * Verifies the subject token of a token exchange (RFC 8693) against the trusted issuer: signature, `iss` (when
 * configured), audience and expiry. Throws a 400 or 401 naming the rule.
 */
export function verifySubjectToken(form: URLSearchParams, trusted: TrustedIssuer, nowSeconds: number): void {
  const subjectToken = form.get("subject_token");
  if (subjectToken === null || subjectToken === "") throw badRequest("subject_token is required");
  if (form.get("subject_token_type") !== JWT_TOKEN_TYPE) {
    throw badRequest(`subject_token_type must be ${JWT_TOKEN_TYPE}`);
  }
  const name = "subject token";
  const claims = verifyJwt(subjectToken, trusted.publicKey, name, "the trusted issuer's key");
  if (trusted.issuer !== undefined && claims.iss !== trusted.issuer) {
    throw unauthenticated(`${name}: iss must be "${trusted.issuer}"`);
  }
  if (!audienceIncludes(claims.aud, trusted.audience)) {
    throw unauthenticated(`${name}: aud must include "${trusted.audience}"`);
  }
  checkTimeWindow(claims, name, nowSeconds, CLOCK_LEEWAY_SECONDS);
}
