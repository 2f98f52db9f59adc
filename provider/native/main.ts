#!/usr/bin/env node
/**
 * `pulumi-resource-idgov`: the resource-provider plugin of package `idgov`. The engine starts it with its own
 * address as the argument (after flags such as `--logtostderr`) and reads the port from the first line of stdout,
 * so nothing else is ever written there. Started without a reachable engine, it exits non-zero with one line on
 * stderr; it exits on its own when its engine goes away.
 */
import { engineAddressOf, unreachableEngine } from "./engineAddress";
import { checkEngine, watchEngine } from "./engineHealth";
import { engineWarnings } from "./engineLog";
import { organizationName } from "../service/ownership";
import { lazyResourceProvider } from "./lazyResourceProvider";
import { engineGrpc, grpc, providerGrpc } from "./protocol";
import { withResourceCodecs } from "./wire/resourceCalls";

/** The running plugin: its port, and how to stop it. */
export interface ServingPlugin {
  port: number;
  engineAddress: string;
  /** Loads the provider's handlers ahead of the engine's first call. */
  warm(): void;
  /** Calls `onGone` once if the engine goes away. */
  watchEngine(onGone: () => void): void;
  /** Stops serving, letting calls under way finish. */
  stop(): Promise<void>;
}

/**
 * Serves the provider on a free port of the loopback interface once its engine has answered at the address among
 * `args`; rejects with a {@link PluginStartError} when the address is missing, malformed or unreachable.
 */
export async function serve(args: readonly string[]): Promise<ServingPlugin> {
  const engineAddress = engineAddressOf(args);
  const engine = new engineGrpc.EngineClient(engineAddress, grpc.credentials.createInsecure());
  const server = new grpc.Server({
    "grpc.max_receive_message_length": 1024 * 1024 * 400,
    "grpc.max_send_message_length": 1024 * 1024 * 400,
  });
  const definition = withResourceCodecs(providerGrpc.ResourceProviderService);
  const provider = lazyResourceProvider(definition, organizationName(), engineWarnings(engine));
  server.addService(definition, provider.service);
  const reached = checkEngine(engine, 5_000).catch((error: { details?: string; message?: string }) => {
    throw unreachableEngine(engineAddress, error.details || error.message || String(error));
  });
  const bound = new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) =>
      error ? reject(error) : resolve(port),
    ),
  );
  const [port] = await Promise.all([bound, reached]).catch((error: unknown) => {
    server.forceShutdown();
    engine.close();
    throw error;
  });
  return {
    port,
    engineAddress,
    warm: provider.warm,
    watchEngine: (onGone) => watchEngine(engine, onGone),
    stop: () =>
      new Promise((resolve) =>
        server.tryShutdown(() => {
          engine.close();
          resolve();
        }),
      ),
  };
}

function fail(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`pulumi-resource-idgov: ${message.split("\n")[0]}\n`);
  process.exitCode = 1;
}

if (require.main === module) {
  serve(process.argv.slice(2)).then((plugin) => {
    process.stdout.write(`${plugin.port}\n`);
    setImmediate(plugin.warm);
    plugin.watchEngine(() => {
      process.stderr.write(
        `pulumi-resource-idgov: the Pulumi engine at ${plugin.engineAddress} went away; exiting\n`,
      );
      setTimeout(() => process.exit(1), 30_000).unref();
      void plugin.stop().finally(() => process.exit(1));
    });
  }, fail);
}
