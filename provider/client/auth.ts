import { z } from "zod";
import { IdgovConfigError } from "../errors/config-error";
import { JWT_BEARER_ASSERTION } from "./clientAssertion";

/** A bearer token and how long the token endpoint said it lives. */
export interface TokenGrant {
  accessToken: string;
  /** `expires_in` of the token answer; undefined when it sent none (then kept until a 401). */
  expiresInSeconds: number | undefined;
}

/** Performs one token request (client credentials or token exchange). */
export type FetchToken = () => Promise<TokenGrant>;

/** Where tokens come from: a static access token, a token request (OIDC exchange or client credentials), or both. */
export interface TokenManagerOptions {
  /** Used as given until the service rejects it (then renewed through `fetchToken`, if any). */
  accessToken?: string | undefined;
  /** The token request (OIDC exchange or client credentials); without it tokens cannot be renewed. */
  fetchToken?: FetchToken | undefined;
  /** Clock, in epoch milliseconds. @default Date.now */
  now?: () => number;
}

/** Longest margin before expiry at which a cached token is renewed. */
export const MAX_REFRESH_MARGIN_MS = 60_000;

/** The answer of the token endpoint (reference section 2). */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.union([z.number().positive(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
});

/** The `application/x-www-form-urlencoded` body of a client-credentials token request sending the secret. */
export function tokenRequestBody(clientId: string, clientSecret: string): string {
  return new URLSearchParams({
    grant_type: "client_credentials",
    client_id: clientId,
    client_secret: clientSecret,
  }).toString();
}

/** The body of a client-credentials token request proving the client with a signed assertion (RFC 7523). */
export function assertionRequestBody(clientId: string, assertion: string): string {
  return new URLSearchParams({
    grant_type: "client_credentials",
    client_id: clientId,
    client_assertion_type: JWT_BEARER_ASSERTION,
    client_assertion: assertion,
  }).toString();
}

/** `grant_type` of an OAuth token exchange (RFC 8693). */
export const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";

/** The body of a token exchange of an OIDC identity token (RFC 8693) for an access token of the client. */
export function tokenExchangeBody(clientId: string, subjectToken: string): string {
  return new URLSearchParams({
    grant_type: TOKEN_EXCHANGE_GRANT,
    subject_token: subjectToken,
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    client_id: clientId,
  }).toString();
}

/** How long before expiry a token is renewed: 60 s, or 10% of its lifetime if that is smaller. */
export function refreshMarginMs(lifetimeMs: number): number {
  return Math.min(MAX_REFRESH_MARGIN_MS, lifetimeMs * 0.1);
}

interface CachedToken {
  value: string;
  /** Epoch ms after which the token is renewed before use. */
  renewAt: number;
}

/**
 * Hands out bearer tokens. A fetched token is cached until shortly before it expires; concurrent
 * callers share one token request; a token the service rejected is dropped with {@link invalidate}.
 */
export class TokenManager {
  private current: CachedToken | undefined;
  private pending: Promise<CachedToken> | undefined;
  private readonly fetchToken: FetchToken | undefined;
  private readonly now: () => number;

  constructor(options: TokenManagerOptions) {
    this.fetchToken = options.fetchToken;
    this.now = options.now ?? Date.now;
    if (options.accessToken !== undefined) {
      this.current = { value: options.accessToken, renewAt: Number.POSITIVE_INFINITY };
    }
  }

  /** Whether a rejected token can be replaced by a fresh one. */
  get renewable(): boolean {
    return this.fetchToken !== undefined;
  }

  /** A token valid for a while yet, fetching one if needed. */
  async getToken(): Promise<string> {
    const cached = this.current;
    if (cached !== undefined && this.now() < cached.renewAt) return cached.value;
    this.pending ??= this.fetchFresh().finally(() => {
      this.pending = undefined;
    });
    return (await this.pending).value;
  }

  /** Forgets `staleToken` if it is still the current one, so the next {@link getToken} renews. */
  invalidate(staleToken: string): void {
    if (this.renewable && this.current?.value === staleToken) this.current = undefined;
  }

  private async fetchFresh(): Promise<CachedToken> {
    if (this.fetchToken === undefined) {
      throw new IdgovConfigError(
        "no access token and no client credentials to fetch one: set idgov:accessToken, or idgov:clientId with idgov:clientSecret",
      );
    }
    const requestedAt = this.now();
    const grant = await this.fetchToken();
    const lifetimeMs = grant.expiresInSeconds === undefined ? undefined : grant.expiresInSeconds * 1000;
    const renewAt =
      lifetimeMs === undefined
        ? Number.POSITIVE_INFINITY
        : requestedAt + lifetimeMs - refreshMarginMs(lifetimeMs);
    this.current = { value: grant.accessToken, renewAt };
    return this.current;
  }
}
