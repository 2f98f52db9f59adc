import { z } from "zod";
import { configKeyInfo, howToSet, type ConfigKeyInfo } from "./configKeys";
import { IdgovConfigError } from "../errors/config-error";

export { CONFIG_KEYS, configKeyInfo, howToSet, type ConfigKeyInfo } from "./configKeys";

/** The provider's settings, resolved from stack config and `IDGOV_*` environment variables. */
export interface ProviderConfig {
  /** Tenant address without a trailing slash, e.g. `https://acme.example.com`. */
  baseUrl: string;
  clientId?: string;
  clientSecret?: string;
  accessToken?: string;
  /** An OIDC identity token exchanged for access tokens (RFC 8693) instead of a client secret. */
  oidcToken?: string;
  /** A file holding the OIDC identity token, read again for every exchange. */
  oidcTokenFile?: string;
  /** @default `<baseUrl>/auth/v1/token` */
  tokenUrl: string;
  /** @default 30000 */
  requestTimeoutMs: number;
  /** Unset: retries are bounded by `retryBudgetMs` alone. */
  maxRetries?: number;
  /** @default 90000 */
  retryBudgetMs: number;
  /** @default "c1/" */
  reservedAnnotationPrefix: string;
  /** Check lets enumeration members pulumi-idgov does not list through. @default false */
  allowUnlistedMembers: boolean;
  /** @default 16 */
  maxInFlight: number;
  /** Most requests started per second to the tenant by this process; unset: no pacing. */
  maxRequestsPerSecond?: number;
  /** @default 120000 */
  attemptTimeoutMs: number;
  /** @default 16777216 (16 MiB) */
  maxResponseBytes: number;
  /** Proxy for every request; unset: `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` as Node tools read them. */
  proxy?: string;
  /** A change touching more people than this fails the native provider's preview; unset: warnings only. */
  impactLimit?: number;
  /** How reads by id are made: coalesced searches whose differences a GET confirms, or a GET each. @default "confirmed" */
  readConsistency: ReadConsistency;
}

/** `confirmed`: reads that arrive together share a search, and a GET confirms any difference; `strict`: a GET each. */
export type ReadConsistency = "confirmed" | "strict";

const readConsistencies = z.enum(["confirmed", "strict"], { error: "must be confirmed or strict" });

/** Where stack config is read from, e.g. Pulumi's `ConfigureRequest.config` (keys `idgov:baseUrl`). */
export interface ConfigSource {
  get(key: string): string | undefined;
}

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
  .refine((value) => !/[?#]/.test(value), { error: "must not carry a query or fragment" })
  .transform((value) => value.replace(/\/+$/, ""));

const trueOrFalse = z
  .enum(["true", "false"], { error: "must be true or false" })
  .transform((value) => value === "true");

const wholeNumbers = new Map<string, z.ZodType<number, string>>();

/** A whole number in [min, max], written as decimal digits; each range's schema is built once. */
function wholeNumber(min: number, max: number): z.ZodType<number, string> {
  const range = `${min}..${max}`;
  let schema = wholeNumbers.get(range);
  if (!schema) {
    schema = z
      .string()
      .regex(/^\d+$/, { error: "must be a whole number" })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, { error: `must be at least ${min}` })
          .max(max, { error: `must be at most ${max}` }),
      );
    wholeNumbers.set(range, schema);
  }
  return schema;
}

const nonBlank = z.string().regex(/^\S+$/, { error: "must not contain whitespace" });

/** A client id of the form `name@host/suffix`, whose host names the tenant. */
export const CLIENT_ID_HOST = /^[^@\s/]+@([A-Za-z0-9.-]+(?::\d+)?)\/\S+$/;

/** The token endpoint when `idgov:tokenUrl` is unset: the base URL's `/auth/v1/token`. */
export function defaultTokenUrl(baseUrl: string): string {
  return `${baseUrl}/auth/v1/token`;
}

/**
 * Resolves the provider settings: stack config first, then the `IDGOV_*` environment variable,
 * then the default. Throws {@link IdgovConfigError} naming the key and both ways to set it.
 */
export function resolveProviderConfig(
  source?: ConfigSource,
  env: NodeJS.ProcessEnv = process.env,
): ProviderConfig {
  const read = (name: keyof ProviderConfig): RawSetting | undefined =>
    readSetting(configKeyInfo(name), source, env);
  const parse = <T>(name: keyof ProviderConfig, schema: z.ZodType<T, string>, fallback: T): T => {
    const raw = read(name);
    return raw === undefined ? fallback : parseSetting(configKeyInfo(name), raw, schema);
  };

  const clientId = parse("clientId", nonBlank, undefined);
  const clientSecret = read("clientSecret")?.value;
  const accessToken = parse("accessToken", nonBlank, undefined);
  const oidcToken = parse("oidcToken", nonBlank, undefined);
  const oidcTokenFile = read("oidcTokenFile")?.value;
  const baseUrl = parse("baseUrl", httpUrl, undefined) ?? baseUrlFromClientId(clientId);
  const proxy = parse("proxy", httpUrl, undefined);
  checkCredentials({ clientId, clientSecret, accessToken, oidcToken, oidcTokenFile });

  return {
    baseUrl,
    ...(clientId === undefined ? {} : { clientId }),
    ...(clientSecret === undefined ? {} : { clientSecret }),
    ...(accessToken === undefined ? {} : { accessToken }),
    ...(oidcToken === undefined ? {} : { oidcToken }),
    ...(oidcTokenFile === undefined ? {} : { oidcTokenFile }),
    tokenUrl: parse("tokenUrl", httpUrl, defaultTokenUrl(baseUrl)),
    requestTimeoutMs: parse("requestTimeoutMs", wholeNumber(1, 3_600_000), 30_000),
    ...optionalSetting("maxRetries", parse("maxRetries", wholeNumber(0, 100), undefined)),
    retryBudgetMs: parse("retryBudgetMs", wholeNumber(0, 3_600_000), 90_000),
    reservedAnnotationPrefix: parse("reservedAnnotationPrefix", nonBlank, "c1/"),
    allowUnlistedMembers: allowsUnlistedMembers(source, env),
    maxInFlight: parse("maxInFlight", wholeNumber(1, 1024), 16),
    ...optionalSetting(
      "maxRequestsPerSecond",
      parse("maxRequestsPerSecond", wholeNumber(1, 100_000), undefined),
    ),
    attemptTimeoutMs: parse("attemptTimeoutMs", wholeNumber(1, 86_400_000), 120_000),
    maxResponseBytes: parse("maxResponseBytes", wholeNumber(1024, 2 ** 31 - 1), 16 * 1024 * 1024),
    ...(proxy === undefined ? {} : { proxy }),
    ...optionalSetting("impactLimit", parse("impactLimit", wholeNumber(0, 2 ** 31 - 1), undefined)),
    readConsistency: parse("readConsistency", readConsistencies, "confirmed"),
  };
}

interface RawSetting {
  value: string;
  /** Where the value came from, for messages: the config key or the environment variable. */
  origin: string;
}

function optionalSetting<K extends string, T>(name: K, value: T | undefined): { [key in K]?: T } {
  return (value === undefined ? {} : { [name]: value }) as { [key in K]?: T };
}

function readSetting(info: ConfigKeyInfo, source: ConfigSource | undefined, env: NodeJS.ProcessEnv) {
  const fromConfig: unknown = source?.get(info.key);
  if (typeof fromConfig === "string" && fromConfig !== "") return { value: fromConfig, origin: info.key };
  if (fromConfig !== undefined && fromConfig !== null && typeof fromConfig !== "string") {
    return { value: String(fromConfig), origin: info.key };
  }
  const fromEnv = env[info.envVar];
  if (fromEnv !== undefined && fromEnv !== "") return { value: fromEnv, origin: info.envVar };
  return undefined;
}

function parseSetting<T>(info: ConfigKeyInfo, raw: RawSetting, schema: z.ZodType<T, string>): T {
  const result = schema.safeParse(raw.value.trim());
  if (result.success) return result.data;
  const rule = result.error.issues[0]?.message ?? "is malformed";
  const shown = info.secret ? "" : ` (got ${JSON.stringify(raw.value.slice(0, 200))} from ${raw.origin})`;
  throw new IdgovConfigError(`${info.key} ${rule}${shown}: ${howToSet(info)}`, info.key);
}

/**
 * Whether check lets enumeration members pulumi-idgov does not list through (`idgov:allowUnlistedMembers`). Read
 * alone, without credentials: check runs before any request.
 */
export function allowsUnlistedMembers(source?: ConfigSource, env: NodeJS.ProcessEnv = process.env): boolean {
  const info = configKeyInfo("allowUnlistedMembers");
  const raw = readSetting(info, source, env);
  return raw === undefined ? false : parseSetting(info, raw, trueOrFalse);
}

function baseUrlFromClientId(clientId: string | undefined): string {
  const host = clientId === undefined ? undefined : CLIENT_ID_HOST.exec(clientId)?.[1];
  if (host !== undefined) return `https://${host}`;
  const info = configKeyInfo("baseUrl");
  throw new IdgovConfigError(
    `${info.key} is not set: ${howToSet(info)} (or use a client id of the form name@host/suffix)`,
    info.key,
  );
}

type Credentials = Pick<
  ProviderConfig,
  "clientId" | "clientSecret" | "accessToken" | "oidcToken" | "oidcTokenFile"
>;

function checkCredentials(given: { [K in keyof Credentials]: string | undefined }): void {
  const { clientId, clientSecret, accessToken, oidcToken, oidcTokenFile } = given;
  const [id, secret, token, oidc, oidcFile] = (
    ["clientId", "clientSecret", "accessToken", "oidcToken", "oidcTokenFile"] as const
  ).map(configKeyInfo) as [ConfigKeyInfo, ConfigKeyInfo, ConfigKeyInfo, ConfigKeyInfo, ConfigKeyInfo];
  if (oidcToken !== undefined && oidcTokenFile !== undefined) {
    throw new IdgovConfigError(`set ${oidc.key} or ${oidcFile.key}, not both`, oidcFile.key);
  }
  const exchanges = oidcToken !== undefined || oidcTokenFile !== undefined;
  if (exchanges && clientId === undefined) {
    throw new IdgovConfigError(
      `${id.key} is not set: the OIDC token exchange needs it: ${howToSet(id)}`,
      id.key,
    );
  }
  if (accessToken !== undefined || exchanges || (clientId !== undefined && clientSecret !== undefined))
    return;
  if (clientId !== undefined || clientSecret !== undefined) {
    const missing = clientId === undefined ? id : secret;
    throw new IdgovConfigError(`${missing.key} is not set: ${howToSet(missing)}`, missing.key);
  }
  throw new IdgovConfigError(
    `no credentials are set: set ${token.key} (${howToSet(token)}), ` +
      `or ${id.key} and ${secret.key} (${howToSet(id)}; ${howToSet(secret)}), ` +
      `or ${id.key} and ${oidc.key} or ${oidcFile.key} (an OIDC token exchange)`,
  );
}
