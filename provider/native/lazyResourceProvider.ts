import type * as grpcTypes from "@grpc/grpc-js";
import type { Warn } from "../service/providerService";
import { grpc } from "./protocol";

type Handler = (...args: unknown[]) => unknown;

/** Answers UNIMPLEMENTED, as gRPC does for a method the service leaves out (`Handshake`, `Attach`, …). */
function unimplemented(name: string, streams: boolean): Handler {
  const status = {
    code: grpc.status.UNIMPLEMENTED,
    details: `The server does not implement the method ${name}`,
  };
  if (streams) return (call) => (call as { emit(event: string, error: unknown): void }).emit("error", status);
  return (_call, callback) => (callback as (error: unknown, value: null) => void)(status, null);
}

/**
 * The resource provider's gRPC handlers, loaded on the first call rather than with the plugin: the kinds, the engine
 * and the client they pull in (zod schemas built at load) are most of the plugin's start-up, and the engine waits for
 * the port before it calls anything. `warm` loads them ahead of that first call.
 */
export function lazyResourceProvider(
  definition: grpcTypes.ServiceDefinition,
  organization: string,
  warn: Warn,
): { service: grpcTypes.UntypedServiceImplementation; warm(): void } {
  let loaded: Record<string, Handler> | undefined;
  const handlers = () => {
    if (loaded) return loaded;
    const service = (require("./resourceProvider") as typeof import("./resourceProvider")).resourceProvider(
      organization,
      warn,
    );
    loaded = Object.fromEntries(
      Object.entries(definition).map(([name, method]) => [
        name,
        (service[name] as Handler | undefined) ?? unimplemented(name, method.responseStream),
      ]),
    );
    return loaded;
  };
  const service = Object.fromEntries(
    Object.keys(definition).map((name) => [
      name,
      (...args: unknown[]) => (handlers()[name] as Handler)(...args),
    ]),
  );
  return { service: service as grpcTypes.UntypedServiceImplementation, warm: () => void handlers() };
}
