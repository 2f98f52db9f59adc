import type * as grpcTypes from "@grpc/grpc-js";
import type { Warn } from "./operations";

/**
 * The provider's service, its handlers loaded on the first call rather than with the plugin: the kinds, the engine
 * and the client they pull in (zod schemas built at load) are most of the plugin's start-up, and the engine waits for
 * the port before it calls anything. `warm` loads them ahead of that first call.
 */
export function lazyProviderService(
  methods: readonly string[],
  organization: string,
  warn: Warn,
): { service: grpcTypes.UntypedServiceImplementation; warm(): void } {
  let loaded: grpcTypes.UntypedServiceImplementation | undefined;
  const service = () => {
    loaded ??= (require("./service") as typeof import("./service")).providerService(organization, warn);
    return loaded;
  };
  const handlers = methods.map((name) => [
    name,
    (...args: unknown[]) => (service()[name] as (...callArgs: unknown[]) => unknown)(...args),
  ]);
  return { service: Object.fromEntries(handlers) as grpcTypes.UntypedServiceImplementation, warm: service };
}
