import type * as grpcTypes from "@grpc/grpc-js";
import { engineProto } from "./protocol";
import type { Warn } from "../service/providerService";

/** What the plugin needs of the engine's `Engine` service: its log. */
export interface EngineLogClient {
  log(
    request: InstanceType<typeof engineProto.LogRequest>,
    callback: (error: grpcTypes.ServiceError | null) => void,
  ): unknown;
}

/**
 * Warnings to the engine's log, each tied to a resource's URN so the CLI shows it beside the resource. A warning the
 * engine does not take goes to stderr (stdout carries only the port).
 */
export function engineWarnings(client: EngineLogClient): Warn {
  return (urn, message) => {
    const request = new engineProto.LogRequest()
      .setSeverity(engineProto.LogSeverity.WARNING)
      .setMessage(message)
      .setUrn(urn);
    client.log(request, (error) => {
      if (error) process.stderr.write(`warning: ${urn}: ${message}\n`);
    });
  };
}
