import type { ApiClient } from "../client/client";
import { sharedConnection } from "../client/sharedClient";
import type { LookupOptions } from "./options";

/**
 * The client a lookup uses, labelled with the lookup's name for error messages: the settings `options` names, else
 * the `IDGOV_*` variables alone (each door passes its own settings: the program's stack config, or the provider's).
 * Resolving the settings may throw `IdgovConfigError` (naming the key and how to set it); no request is made before
 * that.
 */
export function lookupClient(lookup: string, options: LookupOptions | undefined): ApiClient {
  return sharedConnection(options?.config).client.labelled(lookup);
}
