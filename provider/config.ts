import { z } from "zod";
import { IdgovConfigError } from "./errors/config-error";

/** The provider's settings, resolved from stack config and `IDGOV_*` environment variables. */
export interface ProviderConfig {
  /** Tenant address without a trailing slash, e.g. `https://acme.example.com`. */
  baseUrl: string;
  clientId?: string;
  clientSecret?: string;
  accessToken?: string;
  /** @default `<baseUrl>/auth/v1/token` */
  tokenUrl: string;
  /** @default 30000 */
  requestTimeoutMs: number;
  /** @default 5 */
  maxRetries: number;
  /** @default "c1/" */
  reservedAnnotationPrefix: string;
  /** @default 16 */
  maxInFlight: number;
  /** @default 120000 */
  attemptTimeoutMs: number;
  /** @default 16777216 (16 MiB) */
  maxResponseBytes: number;
  /** Proxy for every request; unset: `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` as Node tools read them. */
  proxy?: string;
}

/** Where stack config is read from, e.g. Pulumi's `ConfigureRequest.config` (keys `idgov:baseUrl`). */
export interface ConfigSource {
  get(key: string): string | undefined;
}

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
}

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
    "OAuth client secret, sent only in the token request body.",
  ),
  row(
    "accessToken",
    "IDGOV_ACCESS_TOKEN",
    undefined,
    true,
    "<token>",
    "A bearer token used as given, instead of (or before) the client-credentials exchange.",
  ),
  row(
    "tokenUrl",
    "IDGOV_TOKEN_URL",
    "<baseUrl>/auth/v1/token",
    false,
    "<url>",
    "Token endpoint of the client-credentials exchange.",
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
    "maxRetries",
    "IDGOV_MAX_RETRIES",
    "5",
    false,
    "<count>",
    "Retries after a transient server error or a lost connection; a rate limit (429) is waited out on its own, up to 60 times.",
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
    "maxInFlight",
    "IDGOV_MAX_IN_FLIGHT",
    "16",
    false,
    "<count>",
    "Most API requests in flight at once from one provider process.",
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
];

function row(
  name: keyof ProviderConfig,
  envVar: string,
  defaultText: string | undefined,
  secret: boolean,
  placeholder: string,
  description: string,
): ConfigKeyInfo {
  return { name, key: `idgov:${name}`, envVar, default: defaultText, secret, placeholder, description };
}

/** The table row of one setting. */
export function configKeyInfo(name: keyof ProviderConfig): ConfigKeyInfo {
  const info = CONFIG_KEYS.find((candidate) => candidate.name === name);
  if (!info) throw new Error(`unknown provider setting ${name}`);
  return info;
}

/** How to set a key, e.g. `run "pulumi config set idgov:baseUrl <url>" or set IDGOV_BASE_URL`. */
export function howToSet(info: ConfigKeyInfo): string {
  const secretFlag = info.secret ? "--secret " : "";
  return `run "pulumi config set ${secretFlag}${info.key} ${info.placeholder}" or set ${info.envVar}`;
}

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
  .refine((value) => !/[?#]/.test(value), { error: "must not carry a query or fragment" })
  .transform((value) => value.replace(/\/+$/, ""));

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: "must be a whole number" })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );

const nonBlank = z.string().regex(/^\S+$/, { error: "must not contain whitespace" });

const CLIENT_ID_HOST = /^[^@\s/]+@([A-Za-z0-9.-]+(?::\d+)?)\/\S+$/;

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
  const baseUrl = parse("baseUrl", httpUrl, undefined) ?? baseUrlFromClientId(clientId);
  checkCredentials(clientId, clientSecret, accessToken);

  return {
    baseUrl,
    ...(clientId === undefined ? {} : { clientId }),
    ...(clientSecret === undefined ? {} : { clientSecret }),
    ...(accessToken === undefined ? {} : { accessToken }),
    tokenUrl: parse("tokenUrl", httpUrl, `${baseUrl}/auth/v1/token`),
    requestTimeoutMs: parse("requestTimeoutMs", wholeNumber(1, 3_600_000), 30_000),
    maxRetries: parse("maxRetries", wholeNumber(0, 100), 5),
    reservedAnnotationPrefix: parse("reservedAnnotationPrefix", nonBlank, "c1/"),
    maxInFlight: parse("maxInFlight", wholeNumber(1, 1024), 16),
    attemptTimeoutMs: parse("attemptTimeoutMs", wholeNumber(1, 86_400_000), 120_000),
    maxResponseBytes: parse("maxResponseBytes", wholeNumber(1024, 2 ** 31 - 1), 16 * 1024 * 1024),
    ...optional("proxy", parse("proxy", httpUrl, undefined)),
  };
}

function optional<K extends keyof ProviderConfig, V>(name: K, value: V | undefined): { [key in K]?: V } {
  return (value === undefined ? {} : { [name]: value }) as { [key in K]?: V };
}

interface RawSetting {
  value: string;
  /** Where the value came from, for messages: the config key or the environment variable. */
  origin: string;
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

function baseUrlFromClientId(clientId: string | undefined): string {
  const host = clientId === undefined ? undefined : CLIENT_ID_HOST.exec(clientId)?.[1];
  if (host !== undefined) return `https://${host}`;
  const info = configKeyInfo("baseUrl");
  throw new IdgovConfigError(
    `${info.key} is not set: ${howToSet(info)} (or use a client id of the form name@host/suffix)`,
    info.key,
  );
}

function checkCredentials(clientId?: string, clientSecret?: string, accessToken?: string): void {
  if (accessToken !== undefined || (clientId !== undefined && clientSecret !== undefined)) return;
  const missing = clientId === undefined && clientSecret !== undefined ? "clientId" : "clientSecret";
  if (clientId !== undefined || clientSecret !== undefined) {
    const info = configKeyInfo(missing);
    throw new IdgovConfigError(`${info.key} is not set: ${howToSet(info)}`, info.key);
  }
  const [token, id, secret] = (["accessToken", "clientId", "clientSecret"] as const).map(configKeyInfo);
  throw new IdgovConfigError(
    `no credentials are set: set ${token!.key} (${howToSet(token!)}), ` +
      `or ${id!.key} and ${secret!.key} (${howToSet(id!)}; ${howToSet(secret!)})`,
  );
}
