/**
 * Command line: `npm run emulator -- [--port 8787] [--host 127.0.0.1] [--client-id ID]
 * [--client-secret SECRET] [--require-assertion] [--oidc-issuer-key FILE --oidc-audience AUD [--oidc-issuer ISS]]
 * [--token-ttl SECONDS] [--data FILE] [--reserved-prefix c1/]
 * [--latency-ms MS] [--no-seed] [--quiet]`. Prints exactly one line once it accepts connections.
 */
import { readFileSync } from "node:fs";
import { startEmulator, type EmulatorOptions } from "./index";

const USAGE =
  "usage: emulator [--port 8787] [--host 127.0.0.1] [--client-id ID] [--client-secret SECRET] [--require-assertion] " +
  "[--oidc-issuer-key FILE --oidc-audience AUD [--oidc-issuer ISS]] " +
  "[--token-ttl SECONDS] [--data FILE] [--reserved-prefix c1/] [--latency-ms MS] [--no-seed] [--quiet]";

function fail(message: string): never {
  process.stderr.write(`emulator: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function integer(flag: string, text: string | undefined): number {
  if (text === undefined || !/^\d+$/.test(text)) fail(`${flag} needs a whole number`);
  return Number(text);
}

/** Parses the command-line flags into emulator options (port defaults to 8787 here). */
export function parseArguments(args: readonly string[]): EmulatorOptions {
  const options: EmulatorOptions = { port: 8787 };
  for (let index = 0; index < args.length; index += 1) {
    const flag = args[index] ?? "";
    const value = (): string => {
      const next = args[index + 1];
      if (next === undefined) fail(`${flag} needs a value`);
      index += 1;
      return next;
    };
    switch (flag) {
      case "--port":
        options.port = integer(flag, value());
        break;
      case "--host":
        options.host = value();
        break;
      case "--client-id":
        options.clientId = value();
        break;
      case "--client-secret":
        options.clientSecret = value();
        break;
      case "--require-assertion":
        options.requireClientAssertion = true;
        break;
      case "--oidc-issuer-key":
        options.oidcIssuerKey = readFileSync(value(), "utf8");
        break;
      case "--oidc-audience":
        options.oidcAudience = value();
        break;
      case "--oidc-issuer":
        options.oidcIssuer = value();
        break;
      case "--token-ttl":
        options.tokenTtlSeconds = integer(flag, value());
        break;
      case "--data":
        options.dataFile = value();
        break;
      case "--reserved-prefix":
        options.reservedAnnotationPrefix = value();
        break;
      case "--latency-ms":
        options.latencyMs = integer(flag, value());
        break;
      case "--no-seed":
        options.seed = false;
        break;
      case "--quiet":
        options.quiet = true;
        break;
      case "--help":
      case "-h":
        process.stdout.write(`${USAGE}\n`);
        process.exit(0);
        break;
      default:
        fail(`unknown flag ${flag}`);
    }
  }
  return options;
}

async function main(): Promise<void> {
  const running = await startEmulator(parseArguments(process.argv.slice(2)));
  process.stdout.write(`emulator listening on ${running.url}\n`);
  const stop = (): void => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`emulator: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
