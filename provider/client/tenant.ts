import { CLIENT_ID_HOST, configKeyInfo, type ConfigSource } from "./config";

/**
 * The tenant an address names: its origin (`https://acme.example.com`), with the scheme and host in lower case and
 * the default port (443 for https, 80 for http) left out, followed by its path without trailing slashes
 * (`https://gw.example.com/idgov`). A path is part of the tenant's address, as the client sends every request under
 * it: another path is another tenant. Undefined when the text is not an http(s) URL.
 */
export function tenantAddress(address: string): string | undefined {
  try {
    const url = new URL(address.trim());
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    return url.origin + url.pathname.replace(/\/+$/, "");
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
  if (baseUrl !== undefined) return tenantAddress(baseUrl);
  const host = CLIENT_ID_HOST.exec(setting("clientId") ?? "")?.[1];
  return host === undefined ? undefined : tenantAddress(`https://${host}`);
}
