import { randomBytes, type KeyObject } from "node:crypto";
import { badRequest, unauthenticated } from "./errors";
import { publicKeyOfKeySecret } from "./jwt";
import { TOKEN_EXCHANGE, verifyClientAssertion, verifySubjectToken, type TrustedIssuer } from "./tokenGrants";

/** Successful answer of `POST /auth/v1/token`. */
export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
}

/** Who may get a token: the one client, how it must prove itself, and the OIDC issuer it trusts. */
export interface TokenIssuerOptions {
  clientId: string;
  /** A plain secret, or the key form `secret-token:<domain>:v1:<base64url Ed25519 JWK>`. */
  clientSecret: string;
  /** Refuse the secret itself for a key-form client: only a signed client assertion gets a token. */
  requireClientAssertion: boolean;
  /** Accept token exchanges of identity tokens signed by this issuer. */
  trustedIssuer: TrustedIssuer | undefined;
}

/** Issues and checks bearer tokens for the one configured client. */
export class TokenIssuer {
  private readonly tokens = new Map<string, number>();
  /** The `jti` of every client assertion accepted, until it expires. */
  private readonly seenNonces = new Map<string, number>();
  private readonly clientKey: KeyObject | undefined;

  constructor(private readonly options: TokenIssuerOptions) {
    this.clientKey = publicKeyOfKeySecret(options.clientSecret);
  }

  /**
   * Handles a token request. `authorization` is the request's Authorization header: credentials
   * there are refused, because the service takes them in the body only (spec 5.2). `tenantHost` is the host the
   * request was addressed to, which a client assertion must name as its audience.
   */
  issue(
    form: URLSearchParams,
    authorization: string | undefined,
    ttlSeconds: number,
    tenantHost: string,
  ): TokenResponse {
    if (authorization !== undefined && /^basic\s/i.test(authorization.trim())) {
      throw unauthenticated(
        "client credentials go in the request body (client_id, client_secret), not in the Authorization header",
      );
    }
    const grantType = form.get("grant_type");
    if (grantType === null || grantType === "") throw badRequest("grant_type is required");
    const clientId = form.get("client_id");
    if (grantType === TOKEN_EXCHANGE) {
      this.checkExchange(form, clientId);
    } else if (grantType === "client_credentials") {
      this.checkClient(form, clientId, tenantHost);
    } else {
      throw badRequest(
        `unsupported grant_type "${grantType}": only client_credentials and ${TOKEN_EXCHANGE} are supported`,
      );
    }
    const accessToken = `emu_${randomBytes(24).toString("base64url")}`;
    this.tokens.set(accessToken, Date.now() + ttlSeconds * 1000);
    return { access_token: accessToken, token_type: "Bearer", expires_in: ttlSeconds };
  }

  private checkClient(form: URLSearchParams, clientId: string | null, tenantHost: string): void {
    const clientSecret = form.get("client_secret");
    const assertion = form.get("client_assertion");
    if (assertion !== null && clientSecret !== null) {
      throw badRequest("send client_secret or client_assertion, not both");
    }
    if (assertion !== null) {
      if (this.clientKey === undefined) {
        throw unauthenticated("this client has no key to verify a client assertion: send client_secret");
      }
      if (clientId !== null && clientId !== this.options.clientId) throw unauthenticated("unknown client_id");
      const nowSeconds = Math.floor(Date.now() / 1000);
      const check = {
        clientId: this.options.clientId,
        publicKey: this.clientKey,
        audience: tenantHost,
        nowSeconds,
      };
      verifyClientAssertion(form, check, this.seenNonces);
      return;
    }
    if (clientId === null || clientId === "") throw badRequest("client_id is required");
    if (clientSecret === null || clientSecret === "") throw badRequest("client_secret is required");
    if (clientId !== this.options.clientId || clientSecret !== this.options.clientSecret) {
      throw unauthenticated("invalid client credentials");
    }
    if (this.clientKey !== undefined && this.options.requireClientAssertion) {
      throw unauthenticated(
        "this client must sign a client assertion (client_assertion); its secret is refused",
      );
    }
  }

  private checkExchange(form: URLSearchParams, clientId: string | null): void {
    const trusted = this.options.trustedIssuer;
    if (trusted === undefined) {
      throw badRequest("token exchange is not enabled: no trusted OIDC issuer is configured");
    }
    if (clientId === null || clientId === "") throw badRequest("client_id is required");
    verifySubjectToken(form, trusted, Math.floor(Date.now() / 1000));
    if (clientId !== this.options.clientId) throw unauthenticated("unknown client_id");
  }

  /**
   * Makes every token issued so far expire now, as a token does that reaches its end in the middle of a run (or on a
   * server whose clock runs ahead of the client's). Answers how many were still valid.
   */
  expireAll(): number {
    const now = Date.now();
    let valid = 0;
    for (const [token, expiresAt] of this.tokens) {
      if (expiresAt > now) valid += 1;
      this.tokens.set(token, Math.min(expiresAt, now));
    }
    return valid;
  }

  /** Checks the Authorization header of an API call; throws 401 with the reason. */
  verify(authorization: string | undefined): void {
    if (authorization === undefined || authorization.trim() === "") {
      throw unauthenticated("missing Authorization header: send Authorization: Bearer <access_token>");
    }
    const match = /^bearer\s+(\S+)\s*$/i.exec(authorization.trim());
    if (match === null) {
      throw unauthenticated("the Authorization header must be: Bearer <access_token>");
    }
    const expiresAt = this.tokens.get(match[1] ?? "");
    if (expiresAt === undefined) throw unauthenticated("invalid access token");
    if (Date.now() >= expiresAt) throw unauthenticated("access token expired: request a new token");
  }
}
