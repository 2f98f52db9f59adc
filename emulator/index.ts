/**
 * The Identity Governance Service emulator: a local HTTP server that serves the whole contract
 * (spec and reference) with the real rules, seeded with a realistic tenant, with test switches
 * for faults and a request log. See README.md.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Emulator } from "./emulator";
import { resolveOptions, type EmulatorOptions, type RunningEmulator } from "./options";
import { handleRequest } from "./server";

export type { EmulatorOptions, RunningEmulator } from "./options";
export type { FaultKind, FaultSettings, InjectedFault } from "./faults";
export type { LoggedRequest } from "./requestLog";
export type { RpcStatus } from "./errors";
export { SEED } from "./seed";
export type { Seed } from "./seed";

function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Starts an emulator and resolves once it accepts connections. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const resolved = resolveOptions(options);
  const emulator = new Emulator(resolved);
  const server = createServer((request, response) => {
    handleRequest(emulator, request, response).catch((error: unknown) => {
      if (!resolved.quiet) console.error("emulator: request failed", error);
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  let port: number;
  try {
    port = await listen(server, resolved.port, resolved.host);
    emulator.baseUrl = `http://${urlHost(resolved.host)}:${port}`;
    if (emulator.persistence !== undefined) await emulator.persistence.save();
  } catch (error) {
    server.close();
    emulator.persistence?.release();
    throw error;
  }
  const url = emulator.baseUrl;
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      })
        .then(() => emulator.persistence?.idle())
        .finally(() => emulator.persistence?.release());
      return closing;
    },
  };
}
