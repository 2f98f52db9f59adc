#!/usr/bin/env node
/**
 * `pulumi-resource-idgov`: the resource-provider plugin of package `idgov`. The engine starts it with its own
 * address as the argument (after flags such as `--logtostderr`) and reads the port from the first line of stdout,
 * so nothing else is ever written there. Started without a reachable engine, it exits non-zero with one line on
 * stderr; it exits on its own when its engine goes away. Started with a command of `pulumi-idgov` instead (`audit`,
 * `export`, `impact`, `emulator`, `schema`), it runs that command, for projects that have the plugin but no npm.
 */
import { commandLineOf } from "./commandLine";
import { engineAddressOf, unreachableEngine } from "./engineAddress";
import { checkEngine, watchEngine } from "./engineHealth";
import { engineWarnings } from "./engineLog";
import { organizationName } from "../service/ownership";
import { lazyResourceProvider } from "./lazyResourceProvider";
import { serveGrpc } from "./grpcServer";
import { tunePluginRuntime } from "../runtimeTuning";
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
  const definition = withResourceCodecs(providerGrpc.ResourceProviderService);
  const provider = lazyResourceProvider(definition, organizationName(), engineWarnings(engine));
  const reached = checkEngine(engine, 5_000).catch((error: { details?: string; message?: string }) => {
    throw unreachableEngine(engineAddress, error.details || error.message || String(error));
  });
  const listening = serveGrpc(definition, provider.calls);
  const [server] = await Promise.all([listening, reached]).catch(async (error: unknown) => {
    await listening.then(
      (server) => server.destroy(),
      () => undefined,
    );
    engine.close();
    throw error;
  });
  return {
    port: server.port,
    engineAddress,
    warm: provider.warm,
    watchEngine: (onGone) => watchEngine(engine, onGone),
    stop: () => server.close().finally(() => engine.close()),
  };
}

function fail(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`pulumi-resource-idgov: ${message.split("\n")[0]}\n`);
  process.exitCode = 1;
}

const args = process.argv.slice(2);
const commandLine = require.main === module ? commandLineOf(args) : undefined;
if (commandLine) {
  // A command (`pulumi plugin run --kind resource idgov -- audit …`): loaded only then, so serving starts as fast.
  (require("../cli/main") as typeof import("../cli/main")).runCommandLine(commandLine);
} else if (require.main === module) {
  tunePluginRuntime();
  serve(args).then((plugin) => {
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
