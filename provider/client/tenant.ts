import { CLIENT_ID_HOST, configKeyInfo, type ConfigSource } from "./config";

/**
 * The tenant an address names: its origin (`https://acme.example.com`), with the scheme and host in lower case, the
 * default port (443 for https, 80 for http) left out, and the path, trailing slash included, ignored. Undefined when
 * the text is not an http(s) URL.
 */
export function tenantOrigin(address: string): string | undefined {
  try {
    const url = new URL(address.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The tenant a provider's settings point at, resolved as the client resolves its base URL (`idgov:baseUrl`, then
 * `IDGOV_BASE_URL`, then the host of a client id `name@host/suffix`), without needing credentials. Undefined when
 * none of them names one.
 */
export function tenantOfSettings(
  source: ConfigSource | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const setting = (name: "baseUrl" | "clientId"): string | undefined => {
    const info = configKeyInfo(name);
    const fromConfig = source?.get(info.key);
    if (fromConfig !== undefined && fromConfig !== "") return fromConfig;
    const fromEnv = env[info.envVar];
    return fromEnv === undefined || fromEnv === "" ? undefined : fromEnv;
  };
  const baseUrl = setting("baseUrl");
  if (baseUrl !== undefined) return tenantOrigin(baseUrl);
  const host = CLIENT_ID_HOST.exec(setting("clientId") ?? "")?.[1];
  return host === undefined ? undefined : tenantOrigin(`https://${host}`);
}
