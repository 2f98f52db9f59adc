import { IdgovClient, type RequestOptions } from "./client";
import { type ConfigSource, resolveProviderConfig } from "./config";
import { AddressIndex } from "./engine/addressIndex";
import { DEFAULT_RESERVED_ANNOTATION_PREFIX } from "./schemas";

/** A client whose errors name the operation that made the request. */
export interface LabelledClient {
  labelled(
    operation: string,
  ): Pick<IdgovClient, "request" | "requestParsed" | "paginate" | "waitToRetry" | "waitForRunningRequest">;
}

const clients = new Map<string, IdgovClient>();

/**
 * One client per configuration in this process, so every resource of a run shares its connections and its token.
 */
export function sharedClient(source: ConfigSource | undefined): LabelledClient {
  const config = resolveProviderConfig(source);
  const key = JSON.stringify(config);
  let client = clients.get(key);
  if (!client) {
    client = new IdgovClient(config);
    clients.set(key, client);
  }
  const shared = client;
  return {
    labelled: (operation) => ({
      request: (options: RequestOptions) => shared.request({ operation, ...options }),
      requestParsed: (options, schema) => shared.requestParsed({ operation, ...options }, schema),
      paginate: (options) => shared.paginate({ operation, ...options }),
      waitToRetry: (attempt, error, startedAt) => shared.waitToRetry(attempt, error, startedAt),
      waitForRunningRequest: (error) => shared.waitForRunningRequest(error),
    }),
  };
}

const addressIndexes = new Map<string, AddressIndex>();

/** One address index per configuration in this process: each collection is listed once per run, not per create. */
export function sharedAddressIndex(source: ConfigSource | undefined): AddressIndex {
  const key = JSON.stringify(resolveProviderConfig(source));
  let index = addressIndexes.get(key);
  if (!index) {
    index = new AddressIndex();
    addressIndexes.set(key, index);
  }
  return index;
}

/** The reserved annotation prefix, which `check` needs before any credential is. @default "c1/" */
export function reservedAnnotationPrefix(source: ConfigSource | undefined, env = process.env): string {
  return (
    source?.get("idgov:reservedAnnotationPrefix") ??
    env.IDGOV_RESERVED_ANNOTATION_PREFIX ??
    DEFAULT_RESERVED_ANNOTATION_PREFIX
  );
}
