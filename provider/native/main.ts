#!/usr/bin/env node
/**
 * `pulumi-resource-idgov`: the resource-provider plugin of package `idgov`. The engine starts it with its own
 * address as the first argument (flags such as `--logtostderr` may come too) and reads the port from the first line
 * of stdout, so nothing else is ever written there.
 */
import { engineWarnings } from "./engineLog";
import { organizationName } from "./ownership";
import { grpc, providerGrpc } from "./protocol";
import { providerService } from "./service";
import { withResourceCodecs } from "./wire/resourceCalls";

/** Serves the provider on a free port of the loopback interface; answers the port. */
export async function serve(args: readonly string[]): Promise<{ port: number; stop(): void }> {
  const engineAddress = args.find((arg) => !arg.startsWith("-"));
  const log = engineWarnings(engineAddress);
  const server = new grpc.Server({
    "grpc.max_receive_message_length": 1024 * 1024 * 400,
    "grpc.max_send_message_length": 1024 * 1024 * 400,
  });
  server.addService(
    withResourceCodecs(providerGrpc.ResourceProviderService),
    providerService(organizationName(), log.warn),
  );
  const stop = () => {
    server.forceShutdown();
    log.close();
  };
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { port, stop };
}

if (require.main === module) {
  serve(process.argv.slice(2)).then(
    ({ port }) => process.stdout.write(`${port}\n`),
    (error: unknown) => {
      process.stderr.write(
        `pulumi-resource-idgov: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exitCode = 1;
    },
  );
}
