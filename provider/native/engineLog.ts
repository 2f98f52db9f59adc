import { engineGrpc, engineProto, grpc } from "./protocol";
import type { Warn } from "./operations";

/**
 * Warnings to the engine's log, each tied to a resource's URN so the CLI shows it beside the resource. Without an
 * engine address (a plugin started by hand), warnings go to stderr; stdout carries only the port.
 */
export function engineWarnings(engineAddress: string | undefined): { warn: Warn; close(): void } {
  if (engineAddress === undefined) {
    return { warn: (urn, message) => process.stderr.write(`warning: ${urn}: ${message}\n`), close() {} };
  }
  const client = new engineGrpc.EngineClient(engineAddress, grpc.credentials.createInsecure());
  return {
    warn(urn, message) {
      const request = new engineProto.LogRequest()
        .setSeverity(engineProto.LogSeverity.WARNING)
        .setMessage(message)
        .setUrn(urn);
      client.log(request, (error) => {
        if (error) process.stderr.write(`warning: ${urn}: ${message}\n`);
      });
    },
    close: () => client.close(),
  };
}
