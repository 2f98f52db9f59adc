import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as engineGrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as engineProto from "@pulumi/pulumi/proto/engine_pb";

/** One message the plugin logged to the engine. */
export interface LoggedMessage {
  severity: number;
  message: string;
  urn: string;
}

/** The engine's log service, alone: what the plugin sends to the engine's address, recorded. */
export class EngineLog {
  readonly messages: LoggedMessage[] = [];

  private constructor(
    private readonly server: grpc.Server,
    readonly address: string,
  ) {}

  static async start(): Promise<EngineLog> {
    const server = new grpc.Server();
    let log: EngineLog | undefined;
    server.addService(engineGrpc.EngineService, {
      log(call: grpc.ServerUnaryCall<engineProto.LogRequest, Empty>, callback: grpc.sendUnaryData<Empty>) {
        const request = call.request;
        log?.messages.push({
          severity: request.getSeverity(),
          message: request.getMessage(),
          urn: request.getUrn(),
        });
        callback(null, new Empty());
      },
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    log = new EngineLog(server, `127.0.0.1:${port}`);
    return log;
  }

  stop(): void {
    this.server.forceShutdown();
  }
}
