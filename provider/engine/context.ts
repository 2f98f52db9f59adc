import type { AddressIndex } from "./addressIndex";
import type { ApiClient } from "./kind";
import type { Ownership } from "./ownership";

/** What an engine operation needs from its surroundings. */
export interface EngineContext {
  /** The client, labelled with the operation so that its errors name it (e.g. `create App quickstart-github`). */
  client(operation: string): ApiClient;
  /** The installed package version, stamped as `iac_tool_version`. */
  readonly toolVersion: string;
  /** Annotation keys with this prefix are the server's. @default "c1/" */
  readonly reservedPrefix: string;
  /**
   * The objects that already carry each resource address, kept for the provider process; without it, create looks
   * for such objects only after a lost answer.
   */
  readonly addresses?: AddressIndex;
}

/** A readable label for a resource in errors: its Pulumi name when its ownership is known, else its id. */
export function resourceLabel(ownership: Ownership | undefined, fallback: string): string {
  return ownership?.resourceAddress.split("::").pop() ?? fallback;
}
