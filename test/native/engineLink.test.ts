import { spawn } from "node:child_process";
import * as http from "node:http";
import * as http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { commandLineOf } from "../../provider/native/commandLine";
import { engineAddressOf } from "../../provider/native/engineAddress";
import * as grpc from "@grpc/grpc-js";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import { EngineLog } from "../../testkit/engineLog";
import { NativePlugin, PLUGIN_MAIN } from "../../testkit/nativePlugin";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built plugin with `args` until it exits (or `untilPort` prints a port, then stops it). */
function runPlugin(args: string[], untilPort = false): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PLUGIN_MAIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    const run: Run = { code: null, stdout: "", stderr: "" };
    child.stdout.on("data", (chunk: Buffer) => {
      run.stdout += chunk.toString();
      if (untilPort && run.stdout.includes("\n")) child.kill();
    });
    child.stderr.on("data", (chunk: Buffer) => (run.stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ ...run, code }));
  });
}

/** A loopback port nothing listens on: one a server held and let go. */
async function deadPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("pulumi-resource-idgov started without a live engine", () => {
  it.each([
    ["no engine address", [], /^pulumi-resource-idgov: no engine address: expected .*\(host:port\)/],
    [
      "garbage",
      ["garbage"],
      /^pulumi-resource-idgov: malformed engine address "garbage": expected .*\(host:port\)/,
    ],
    ["a port out of range", ["127.0.0.1:70000"], /malformed engine address "127\.0\.0\.1:70000"/],
    [
      "two addresses",
      ["127.0.0.1:1", "127.0.0.1:2"],
      /2 arguments that are not flags: expected .*\(host:port\)/,
    ],
  ])("exits 1 with one line on stderr and nothing on stdout when given %s", async (_case, args, line) => {
    const run = await runPlugin(args);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(line);
  });

  it("exits 1 naming the address and the refused connection when nothing listens there", async () => {
    const port = await deadPort();
    const run = await runPlugin([`127.0.0.1:${port}`]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `pulumi-resource-idgov: cannot reach the Pulumi engine at 127.0.0.1:${port} (connect ECONNREFUSED ` +
        `127.0.0.1:${port}): expected a running engine's gRPC address, as \`pulumi\` starts the plugin\n`,
    );
  });

  it("exits 1 with one line when the address answers, but not in gRPC (a web server)", async () => {
    const server = http.createServer((_request, response) => response.end("hello"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const run = await runPlugin([`127.0.0.1:${port}`]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(run.stderr).toMatch(
        new RegExp(`^pulumi-resource-idgov: cannot reach the Pulumi engine at 127\\.0\\.0\\.1:${port} \\(`),
      );
    } finally {
      server.close();
    }
  });

  it("exits 1 with one line when an HTTP/2 server that is not the engine answers 404", async () => {
    const server = http2.createServer((_request, response) => {
      response.statusCode = 404;
      response.end("not found");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const run = await runPlugin([`127.0.0.1:${port}`]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(run.stderr).toMatch(
        new RegExp(
          `^pulumi-resource-idgov: cannot reach the Pulumi engine at 127\\.0\\.0\\.1:${port} \\(.*404`,
        ),
      );
    } finally {
      server.close();
    }
  });
});

describe("pulumi-resource-idgov and its engine", () => {
  it("serves behind the engine's flags, the tracing endpoint's value not taken for the engine's address", async () => {
    const engine = await EngineLog.start();
    try {
      const run = await runPlugin(
        ["--logtostderr", "-v=9", "--tracing", "127.0.0.1:1", engine.address],
        true,
      );
      expect(run.stdout).toMatch(/^\d+\n$/);
      expect(run.stderr).toBe("");
    } finally {
      engine.stop();
    }
  });

  it("exits on its own, with one line, when its engine goes away", async () => {
    const engine = await EngineLog.start();
    const child = spawn(process.execPath, [PLUGIN_MAIN, engine.address], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await new Promise((resolve) => child.stdout.once("data", resolve));
    engine.stop();
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve("running"), 15_000)),
    ]);
    if (code === "running") child.kill();
    expect(code).toBe(1);
    expect(stderr).toBe(`pulumi-resource-idgov: the Pulumi engine at ${engine.address} went away; exiting\n`);
  }, 30_000);
});

describe("pulumi-resource-idgov's service, loaded after the port", () => {
  it("answers UNIMPLEMENTED to a method it does not serve (Handshake), then serves the calls it does", async () => {
    const plugin = await NativePlugin.start();
    const port = plugin.stdout.join("").split("\n")[0] as string;
    const client = new providerGrpc.ResourceProviderClient(
      `127.0.0.1:${port}`,
      grpc.credentials.createInsecure(),
    );
    try {
      const error = await new Promise<grpc.ServiceError | null>((resolve) =>
        client.handshake(new providerProto.ProviderHandshakeRequest(), (failure) => resolve(failure)),
      );
      expect(error?.code).toBe(grpc.status.UNIMPLEMENTED);
      expect(await plugin.pluginVersion()).toMatch(/^\d+\.\d+\.\d+/);
    } finally {
      client.close();
      await plugin.stop();
    }
  });
});

describe("the engine's address among the plugin's arguments", () => {
  it.each([
    [["127.0.0.1:41234"], "127.0.0.1:41234"],
    [["--logtostderr", "-v=9", "127.0.0.1:41234"], "127.0.0.1:41234"],
    [["--tracing", "file:///tmp/trace.json", "localhost:5"], "localhost:5"],
    [["--tracing=127.0.0.1:9", "[::1]:443"], "[::1]:443"],
  ])("finds it in %j", (args, address) => {
    expect(engineAddressOf(args)).toBe(address);
  });

  it.each([
    [[]],
    [["--tracing", "127.0.0.1:1"]],
    [["host"]],
    [["host:"]],
    [[":80"]],
    [["127.0.0.1:0"]],
    [["a:b"]],
  ])("refuses %j", (args) => {
    expect(() => engineAddressOf(args)).toThrow(/expected the Pulumi engine's gRPC address \(host:port\)/);
  });
});

describe("pulumi-resource-idgov started with a command of pulumi-idgov (pulumi plugin run)", () => {
  it.each([
    [["schema"], ["schema"]],
    [
      ["-v=9", "--logtostderr", "audit", "--stack", "dev"],
      ["audit", "--stack", "dev"],
    ],
    [
      ["--tracing", "http://127.0.0.1:1", "export", "--out", "x"],
      ["export", "--out", "x"],
    ],
    [
      ["report", "--drift", "a.json", "b.json", "--out", "report"],
      ["report", "--drift", "a.json", "b.json", "--out", "report"],
    ],
    [["127.0.0.1:5000"], undefined],
    [["--logtostderr", "127.0.0.1:5000"], undefined],
    [["--tracing", "audit", "127.0.0.1:5000"], undefined],
    [[], undefined],
  ])("%j is the command line %j", (args, command) => {
    expect(commandLineOf(args)).toEqual(command);
  });

  it("runs the command and exits with its code: schema prints the schema, a bad flag exits 1 naming it", async () => {
    const schema = await runPlugin(["schema"]);
    expect(schema.code).toBe(0);
    expect(JSON.parse(schema.stdout)).toMatchObject({ name: "idgov", resources: { "idgov:index:App": {} } });
    const bad = await runPlugin(["audit", "--bogus"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^pulumi-idgov audit: unknown flag --bogus\n/);
  });
});
