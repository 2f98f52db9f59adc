import { randomBytes } from "node:crypto";
import { badRequest, unauthenticated } from "./errors";

/** Successful answer of `POST /auth/v1/token`. */
export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
}

/** Issues and checks bearer tokens for the one configured client. */
export class TokenIssuer {
  private readonly tokens = new Map<string, number>();

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
  ) {}

  /**
   * Handles a token request. `authorization` is the request's Authorization header: credentials
   * there are refused, because the service takes them in the body only (spec 5.2).
   */
  issue(form: URLSearchParams, authorization: string | undefined, ttlSeconds: number): TokenResponse {
    if (authorization !== undefined && /^basic\s/i.test(authorization.trim())) {
      throw unauthenticated(
        "client credentials go in the request body (client_id, client_secret), not in the Authorization header",
      );
    }
    const grantType = form.get("grant_type");
    if (grantType === null || grantType === "") throw badRequest("grant_type is required");
    if (grantType !== "client_credentials") {
      throw badRequest(`unsupported grant_type "${grantType}": only client_credentials is supported`);
    }
    const clientId = form.get("client_id");
    const clientSecret = form.get("client_secret");
    if (clientId === null || clientId === "") throw badRequest("client_id is required");
    if (clientSecret === null || clientSecret === "") throw badRequest("client_secret is required");
    if (clientId !== this.clientId || clientSecret !== this.clientSecret) {
      throw unauthenticated("invalid client credentials");
    }
    const accessToken = `emu_${randomBytes(24).toString("base64url")}`;
    this.tokens.set(accessToken, Date.now() + ttlSeconds * 1000);
    return { access_token: accessToken, token_type: "Bearer", expires_in: ttlSeconds };
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
