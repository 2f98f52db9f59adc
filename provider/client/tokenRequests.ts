import { readFile } from "node:fs/promises";
import { assertionRequestBody, tokenExchangeBody, tokenRequestBody } from "./auth";
import { clientKeyFromSecret, signClientAssertion } from "./clientAssertion";
import type { ProviderConfig } from "./config";
import { configKeyInfo } from "./configKeys";
import { IdgovConfigError } from "../errors/config-error";

/** One token request: its form body and what a 401 answer to it means. */
export interface TokenRequest {
  body: string;
  /** Replaces the server's message of a 401 answer; undefined keeps it (it names the rule the token broke). */
  rejectedMessage: string | undefined;
}

/** Builds a fresh token request each time it is called. */
export type NextTokenRequest = () => Promise<TokenRequest>;

/**
 * How a configuration gets its tokens, in order of precedence after a static access token: the OIDC token
 * exchange (the subject token read again from its file each time), a signed client assertion (for a key-form
 * secret), the client secret itself. Undefined when none is configured. `remember` receives every secret value a
 * request carries (subject token, assertion), so that errors and logs can redact it.
 */
export function tokenRequestSource(
  config: ProviderConfig,
  remember: (secret: string) => void,
  now: () => number,
): NextTokenRequest | undefined {
  const { clientId, clientSecret } = config;
  if (clientId === undefined) return undefined;
  if (config.oidcToken !== undefined || config.oidcTokenFile !== undefined) {
    return async () => {
      const subjectToken = await oidcToken(config);
      remember(subjectToken);
      return { body: tokenExchangeBody(clientId, subjectToken), rejectedMessage: undefined };
    };
  }
  if (clientSecret === undefined) return undefined;
  const key = clientKeyFromSecret(clientSecret);
  if (key === undefined) {
    const body = tokenRequestBody(clientId, clientSecret);
    return async () => ({ body, rejectedMessage: "client credentials were rejected" });
  }
  const audience = new URL(config.baseUrl).hostname;
  return async () => {
    const assertion = signClientAssertion(key, { clientId, audience, now: now() });
    remember(assertion);
    return { body: assertionRequestBody(clientId, assertion), rejectedMessage: undefined };
  };
}

/** The OIDC token: as configured, or read (again) from its file. */
async function oidcToken(config: ProviderConfig): Promise<string> {
  if (config.oidcTokenFile === undefined) return config.oidcToken ?? "";
  const info = configKeyInfo("oidcTokenFile");
  let text: string;
  try {
    text = await readFile(config.oidcTokenFile, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "an error";
    throw new IdgovConfigError(
      `${info.key}: cannot read ${JSON.stringify(config.oidcTokenFile)} (${code})`,
      info.key,
    );
  }
  const token = text.trim();
  if (token === "" || /\s/.test(token)) {
    throw new IdgovConfigError(
      `${info.key}: ${JSON.stringify(config.oidcTokenFile)} must hold one token, without whitespace`,
      info.key,
    );
  }
  return token;
}
