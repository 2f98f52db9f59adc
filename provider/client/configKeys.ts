import { IdgovConfigError } from "../errors/config-error";
import type { ProviderConfig } from "./config";

/** One provider setting: its stack config key, environment fallback, default and meaning. */
export interface ConfigKeyInfo {
  name: keyof ProviderConfig;
  /** Stack config key, e.g. `idgov:baseUrl`. */
  key: string;
  /** Environment variable read when the stack config key is unset. */
  envVar: string;
  /** Default, as documentation text; undefined when the setting has none. */
  default: string | undefined;
  /** Set with `pulumi config set --secret`; never echoed in messages. */
  secret: boolean;
  /** Placeholder shown in `pulumi config set` hints. */
  placeholder: string;
  description: string;
  /** How a program writes the setting as a provider input (stack config holds its text either way). */
  type: SettingType;
}

/** The type of a setting's value, as the native provider's schema names it. */
export type SettingType = "string" | "integer" | "boolean";

type SettingTypeOf<T> =
  NonNullable<T> extends number ? "integer" : NonNullable<T> extends boolean ? "boolean" : "string";

/** Each setting's type, held to the type of its resolved value by the compiler. */
const SETTING_TYPES: { readonly [Name in keyof ProviderConfig]-?: SettingTypeOf<ProviderConfig[Name]> } = {
  baseUrl: "string",
  clientId: "string",
  clientSecret: "string",
  accessToken: "string",
  oidcToken: "string",
  oidcTokenFile: "string",
  tokenUrl: "string",
  requestTimeoutMs: "integer",
  maxRetries: "integer",
  retryBudgetMs: "integer",
  reservedAnnotationPrefix: "string",
  allowUnlistedMembers: "boolean",
  maxInFlight: "integer",
  maxRequestsPerSecond: "integer",
  attemptTimeoutMs: "integer",
  maxResponseBytes: "integer",
  proxy: "string",
  impactLimit: "integer",
  readConsistency: "string",
};

/** Every setting the provider reads. README and docs are generated and checked from this table. */
export const CONFIG_KEYS: readonly ConfigKeyInfo[] = [
  row(
    "baseUrl",
    "IDGOV_BASE_URL",
    undefined,
    false,
    "<url>",
    "Tenant address, e.g. https://acme.example.com. Derived as https://<host> from a client id name@host/suffix when unset.",
  ),
  row(
    "clientId",
    "IDGOV_CLIENT_ID",
    undefined,
    false,
    "<client-id>",
    "OAuth client id for the client-credentials exchange, e.g. quiet-otter-1234@acme.example.com/pcc.",
  ),
  row(
    "clientSecret",
    "IDGOV_CLIENT_SECRET",
    undefined,
    true,
    "<client-secret>",
    "OAuth client secret. One of the key form secret-token:<domain>:v1:<key> signs a short-lived client assertion and is never sent; any other is sent only in the token request body.",
  ),
  row(
    "accessToken",
    "IDGOV_ACCESS_TOKEN",
    undefined,
    true,
    "<token>",
    "A bearer token used as given, before any exchange (renewed through the OIDC or client-credentials exchange, if one is configured, once the service refuses it).",
  ),
  row(
    "oidcToken",
    "IDGOV_OIDC_TOKEN",
    undefined,
    true,
    "<jwt>",
    "The pipeline's OIDC identity token, exchanged with the client id for access tokens instead of a client secret (see Pipelines without secrets).",
  ),
  row(
    "oidcTokenFile",
    "IDGOV_OIDC_TOKEN_FILE",
    undefined,
    false,
    "<path>",
    "A file holding that OIDC token, read again for every exchange; instead of idgov:oidcToken.",
  ),
  row(
    "tokenUrl",
    "IDGOV_TOKEN_URL",
    "<baseUrl>/auth/v1/token",
    false,
    "<url>",
    "Token endpoint of the client-credentials and token exchanges.",
  ),
  row(
    "requestTimeoutMs",
    "IDGOV_REQUEST_TIMEOUT_MS",
    "30000",
    false,
    "<milliseconds>",
    "Longest wait for response headers, and between response body chunks, per attempt.",
  ),
  row(
    "retryBudgetMs",
    "IDGOV_RETRY_BUDGET_MS",
    "90000",
    false,
    "<milliseconds>",
    "How long a request keeps being retried after transient failures (5xx, 408, 429, resets, timeouts), from its first attempt; 90 s rides out a one-minute outage. 10 s at most for a connection refused or a host not found before the tenant first answered.",
  ),
  row(
    "maxRetries",
    "IDGOV_MAX_RETRIES",
    undefined,
    false,
    "<count>",
    "When set, also caps the retries after a transient server error or a lost connection (within the budget); a rate limit (429) is waited out on its own, up to 60 times.",
  ),
  row(
    "reservedAnnotationPrefix",
    "IDGOV_RESERVED_ANNOTATION_PREFIX",
    "c1/",
    false,
    "<prefix>",
    "Annotation key prefix the service reserves; user annotations may not start with it.",
  ),
  row(
    "allowUnlistedMembers",
    "IDGOV_ALLOW_UNLISTED_MEMBERS",
    "false",
    false,
    "true",
    'When true, check lets an enumeration member pulumi-idgov does not list yet through to the service (written unlisted("…") in the program); when false, such a member fails check, naming the field and the members it knows.',
  ),
  row(
    "maxInFlight",
    "IDGOV_MAX_IN_FLIGHT",
    "16",
    false,
    "<count>",
    "Most API requests in flight at once from one provider process.",
  ),
  row(
    "maxRequestsPerSecond",
    "IDGOV_MAX_REQUESTS_PER_SECOND",
    undefined,
    false,
    "<count>",
    "Most API requests one provider process starts per second to the tenant, to stay under its rate limit; unset: no pacing (a 429 still pauses every request of the process to the tenant until the time it names).",
  ),
  row(
    "attemptTimeoutMs",
    "IDGOV_ATTEMPT_TIMEOUT_MS",
    "120000",
    false,
    "<milliseconds>",
    "Longest one attempt may take in all, from sending the request to the last byte of the answer, however steadily the answer trickles in.",
  ),
  row(
    "maxResponseBytes",
    "IDGOV_MAX_RESPONSE_BYTES",
    "16777216",
    false,
    "<bytes>",
    "Largest answer read; a larger one fails at once, naming the operation, and is not retried.",
  ),
  row(
    "proxy",
    "IDGOV_PROXY",
    undefined,
    false,
    "<url>",
    "HTTP proxy for every request (http://host:port), instead of the one HTTPS_PROXY or HTTP_PROXY names; NO_PROXY still applies. When unset, HTTPS_PROXY, HTTP_PROXY and NO_PROXY (or their lower-case forms) are honoured.",
  ),
  row(
    "impactLimit",
    "IDGOV_IMPACT_LIMIT",
    undefined,
    false,
    "<count>",
    "When set, the native provider's preview fails for a change that touches more people than this (an app's users, a catalog's members, a resource's grants), naming the object and the count, until the resource sets acceptImpact to at least that count. Unset: previews only warn.",
  ),
  row(
    "readConsistency",
    "IDGOV_READ_CONSISTENCY",
    "confirmed",
    false,
    "<confirmed|strict>",
    "How refresh reads objects by id. confirmed: reads that arrive together share one search, and any difference a search answers is confirmed by a GET of that object before it is reported or kept (an edit made while the search index trails it shows at a later check). strict: every object is read by GET, so the check sees every edit the service has accepted, at one request per object.",
  ),
];

function row(
  name: keyof ProviderConfig,
  envVar: string,
  defaultText: string | undefined,
  secret: boolean,
  placeholder: string,
  description: string,
): ConfigKeyInfo {
  const type = SETTING_TYPES[name];
  return { name, key: `idgov:${name}`, envVar, default: defaultText, secret, placeholder, description, type };
}

/** The table row of one setting. */
export function configKeyInfo(name: keyof ProviderConfig): ConfigKeyInfo {
  const info = CONFIG_KEYS.find((candidate) => candidate.name === name);
  if (!info) throw new IdgovConfigError(`${name} is not a setting of the idgov provider`);
  return info;
}

/** How to set a key, e.g. `run "pulumi config set idgov:baseUrl <url>" or set IDGOV_BASE_URL`. */
export function howToSet(info: ConfigKeyInfo): string {
  const secretFlag = info.secret ? "--secret " : "";
  return `run "pulumi config set ${secretFlag}${info.key} ${info.placeholder}" or set ${info.envVar}`;
}
