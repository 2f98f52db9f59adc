import { CLIENT_ID_HOST, configKeyInfo, type ConfigKeyInfo, type ProviderConfig } from "../client/config";
import { tenantAddress } from "../client/tenant";
import { IdgovConfigError } from "../errors/config-error";

/** One place settings are read from, in the order a command reads them (first holding a key wins). */
export interface SettingsPlace {
  /** How a message names where a key came from: `--base-url`, `the plan's stack config`, `IDGOV_BASE_URL`. */
  readonly labelOf: (info: ConfigKeyInfo) => string;
  readonly get: (info: ConfigKeyInfo) => string | undefined;
  /** A file the command was given (a plan): its addresses are never paired with a secret from another place. */
  readonly external: boolean;
}

/** The settings that make a token: a secret, or the file holding one. */
const CREDENTIALS = ["accessToken", "oidcToken", "oidcTokenFile", "clientSecret"] as const;

/** An address a secret travels to, and the address one place names for it. */
interface AddressSetting {
  /** What the message calls it. */
  readonly what: string;
  readonly named: (place: SettingsPlace) => { address: string; key: ConfigKeyInfo } | undefined;
  readonly used: (config: ProviderConfig) => string | undefined;
}

function plain(name: "baseUrl" | "tokenUrl" | "proxy") {
  const info = configKeyInfo(name);
  return (place: SettingsPlace) => {
    const value = place.get(info);
    const address = value === undefined || value === "" ? undefined : tenantAddress(value);
    return address === undefined ? undefined : { address, key: info };
  };
}

const ADDRESSES: readonly AddressSetting[] = [
  {
    what: "the tenant",
    named: (place) => {
      const fromBaseUrl = plain("baseUrl")(place);
      if (fromBaseUrl) return fromBaseUrl;
      const clientId = configKeyInfo("clientId");
      const host = CLIENT_ID_HOST.exec(place.get(clientId) ?? "")?.[1];
      const address = host === undefined ? undefined : tenantAddress(`https://${host}`);
      return address === undefined ? undefined : { address, key: clientId };
    },
    used: (config) => tenantAddress(config.baseUrl),
  },
  { what: "the token endpoint", named: plain("tokenUrl"), used: (config) => tenantAddress(config.tokenUrl) },
  {
    what: "the proxy",
    named: plain("proxy"),
    used: (config) => (config.proxy === undefined ? undefined : tenantAddress(config.proxy)),
  },
];

/**
 * Refuses settings that would send a secret to an address it did not come with. A secret's own settings are the place
 * it comes from and, as the provider falls back, the places after it. When they name an address (the tenant, the
 * token endpoint, the proxy), the one in use must be it; when they name none, the one in use must come from a place
 * of the user's own (a flag, the current stack's config), never from a plan alone. Throws {@link IdgovConfigError}
 * naming both addresses and where each came from; never a secret's value.
 */
export function checkSecretPairing(config: ProviderConfig, places: readonly SettingsPlace[]): void {
  for (const name of CREDENTIALS) {
    const credential = configKeyInfo(name);
    const from = places.findIndex((place) => (place.get(credential) ?? "") !== "");
    if (from < 0) continue;
    const secretPlace = places[from] as SettingsPlace;
    for (const setting of ADDRESSES) {
      const used = setting.used(config);
      if (used === undefined) continue;
      const origin = places.find((place) => setting.named(place)?.address === used);
      const own = places.slice(from).find((place) => setting.named(place) !== undefined);
      const ownAddress = own && setting.named(own);
      const secretFrom = secretPlace.labelOf(credential);
      if (ownAddress) {
        if (ownAddress.address === used) continue;
        const usedFrom = origin ? ` (${origin.labelOf(setting.named(origin)!.key)})` : "";
        throw new IdgovConfigError(
          `${credential.key} comes from ${secretFrom} with ${setting.what} ${ownAddress.address} ` +
            `(${own.labelOf(ownAddress.key)}), but ${used}${usedFrom} would receive it: a secret goes only to the ` +
            `address it was configured with, so nothing was sent. Give the command the settings of one tenant ` +
            `together: the secret and the address from the same place`,
          ownAddress.key.key,
        );
      }
      const trusted = places.some((place) => !place.external && setting.named(place)?.address === used);
      if (trusted || origin === undefined) continue;
      const named = setting.named(origin)!;
      throw new IdgovConfigError(
        `${credential.key} comes from ${secretFrom} with no address of its own, and ${setting.what} ${used} ` +
          `comes only from ${origin.labelOf(named.key)}: a secret is never sent to an address a plan names, so ` +
          `nothing was sent. Set ${named.key.key} (or ${named.key.envVar}) beside the secret`,
        named.key.key,
      );
    }
  }
}
