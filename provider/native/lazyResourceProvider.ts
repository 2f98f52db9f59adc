import type * as grpcTypes from "@grpc/grpc-js";
import type { Warn } from "../service/providerService";
import type { Call } from "./grpcServer";
import { grpc } from "./protocol";

/** Answers UNIMPLEMENTED, as gRPC does for a method the service leaves out (`Handshake`, `Attach`, …). */
function unimplemented(name: string): Call {
  const status = {
    code: grpc.status.UNIMPLEMENTED,
    details: `The server does not implement the method ${name}`,
  };
  return () => Promise.resolve({ status });
}

/**
 * The resource provider's calls, loaded on the first call rather than with the plugin: the kinds, the engine and the
 * client they pull in (zod schemas built at load) are most of the plugin's start-up, and the engine waits for the
 * port before it calls anything. `warm` loads them ahead of that first call.
 */
export function lazyResourceProvider(
  definition: grpcTypes.ServiceDefinition,
  organization: string,
  warn: Warn,
): { calls: Record<string, Call>; warm(): void } {
  let loaded: Record<string, Call> | undefined;
  const handlers = () => {
    if (loaded) return loaded;
    const service = (require("./resourceProvider") as typeof import("./resourceProvider")).resourceProvider(
      organization,
      warn,
    );
    loaded = Object.fromEntries(
      Object.keys(definition).map((name) => [name, service[name] ?? unimplemented(name)]),
    );
    return loaded;
  };
  const calls = Object.fromEntries(
    Object.keys(definition).map((name): [string, Call] => [
      name,
      (request) => (handlers()[name] as Call)(request),
    ]),
  );
  return { calls, warm: () => void handlers() };
}
