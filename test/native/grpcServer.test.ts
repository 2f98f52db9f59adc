import * as http2 from "node:http2";
import * as grpc from "@grpc/grpc-js";
import { afterEach, describe, expect, it } from "vitest";
import { type Call, type GrpcServer, serveGrpc } from "../../provider/native/grpcServer";

const identity = (bytes: Buffer) => bytes;
/** A method of the test service whose messages are their own bytes. */
function method(name: string, responseStream: boolean): grpc.MethodDefinition<Buffer, Buffer> {
  return {
    path: `/test.Service/${name}`,
    requestStream: false,
    responseStream,
    requestSerialize: identity,
    requestDeserialize: identity,
    responseSerialize: identity,
    responseDeserialize: identity,
  };
}
const definition: grpc.ServiceDefinition = {
  Echo: method("Echo", false),
  Repeat: method("Repeat", true),
  Missing: method("Missing", false),
};
const Client = grpc.makeGenericClientConstructor(definition, "Service");

let server: GrpcServer | undefined;
let client: grpc.Client | undefined;
afterEach(async () => {
  client?.close();
  await server?.close();
  server = client = undefined;
});

async function start(calls: Record<string, Call>) {
  server = await serveGrpc(definition, calls);
  client = new Client(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
  return { server, client: client as grpc.Client & Record<string, (...args: unknown[]) => unknown> };
}

function unary(client: Record<string, (...args: unknown[]) => unknown>, method: string, request: Buffer) {
  return new Promise<{ error: grpc.ServiceError | null; answer: Buffer | undefined }>((resolve) =>
    client[method]?.(request, (error: grpc.ServiceError | null, answer?: Buffer) =>
      resolve({ error, answer }),
    ),
  );
}

describe("the plugin's gRPC server", () => {
  it("answers a unary call with its one message, and a streaming call with its messages in order", async () => {
    const { client: c } = await start({
      Echo: async (request) => ({ messages: [Buffer.concat([request as Buffer, Buffer.from("!")])] }),
      Repeat: async (request) => ({ messages: [request, request, Buffer.alloc(0)] }),
    });
    expect(await unary(c, "Echo", Buffer.from("hi"))).toEqual({ error: null, answer: Buffer.from("hi!") });
    const stream = c.Repeat?.(Buffer.from("ab")) as grpc.ClientReadableStream<Buffer>;
    const received: string[] = [];
    stream.on("data", (message: Buffer) => received.push(message.toString()));
    await new Promise((resolve, reject) => stream.on("end", resolve).on("error", reject));
    expect(received).toEqual(["ab", "ab", ""]);
  });

  it("carries a failure's code, its message (any text) and its status details", async () => {
    const details = Uint8Array.from([8, 2, 18, 3, 98, 97, 100]);
    const { client: c } = await start({
      Echo: async () => ({
        status: { code: grpc.status.INVALID_ARGUMENT, details: "név: 100% wrong\n", statusDetails: details },
      }),
    });
    const { error } = await unary(c, "Echo", Buffer.alloc(0));
    expect(error?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(error?.details).toBe("név: 100% wrong\n");
    expect(error?.metadata.get("grpc-status-details-bin")).toEqual([Buffer.from(details)]);
  });

  it("answers UNIMPLEMENTED, naming it, for a method the definition has and no call serves", async () => {
    const { client: c } = await start({});
    const { error } = await unary(c, "Missing", Buffer.alloc(0));
    expect(error?.code).toBe(grpc.status.UNIMPLEMENTED);
    expect(error?.details).toBe("The server does not implement the method /test.Service/Missing");
  });

  it("refuses a request that is not gRPC, and a compressed one, and still serves the next call", async () => {
    const { server: s, client: c } = await start({ Echo: async (request) => ({ messages: [request] }) });
    const session = http2.connect(`http://127.0.0.1:${s.port}`);
    const answer = (headers: http2.OutgoingHttpHeaders, body: Buffer) =>
      new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
        const request = session.request({ ":method": "POST", ":path": "/test.Service/Echo", ...headers });
        let seen: http2.IncomingHttpHeaders = {};
        request.on("response", (headers) => (seen = { ...seen, ...headers }));
        request.on("trailers", (trailers) => (seen = { ...seen, ...trailers }));
        request.on("data", () => undefined);
        request.on("end", () => resolve(seen)).on("error", reject);
        request.end(body);
      });
    try {
      expect((await answer({ "content-type": "application/json" }, Buffer.from("{}")))[":status"]).toBe(415);
      const compressed = await answer(
        { "content-type": "application/grpc" },
        Buffer.from([1, 0, 0, 0, 1, 7]),
      );
      expect(compressed["grpc-status"]).toBe(String(grpc.status.INTERNAL));
      const gzipped = await answer(
        { "content-type": "application/grpc", "grpc-encoding": "gzip" },
        Buffer.from([1, 0, 0, 0, 1, 7]),
      );
      expect(gzipped["grpc-status"]).toBe(String(grpc.status.UNIMPLEMENTED));
      const truncated = await answer({ "content-type": "application/grpc" }, Buffer.from([0, 0, 0, 0, 9, 7]));
      expect(truncated["grpc-status"]).toBe(String(grpc.status.INTERNAL));
    } finally {
      session.close();
    }
    expect(await unary(c, "Echo", Buffer.from("ok"))).toEqual({ error: null, answer: Buffer.from("ok") });
  });

  it("survives a call the client cancels before its answer, and closes once the calls under way are answered", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived = 0;
    let bothArrived: () => void = () => undefined;
    const both = new Promise<void>((resolve) => (bothArrived = resolve));
    const { server: s, client: c } = await start({
      Echo: async (request) => {
        if (++arrived === 2) bothArrived();
        await held;
        return { messages: [request] };
      },
    });
    const cancelled = c.Echo?.(Buffer.from("x"), () => undefined) as grpc.ClientUnaryCall;
    const kept = unary(c, "Echo", Buffer.from("kept"));
    await both;
    cancelled.cancel();
    let closed = false;
    const closing = s.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    release();
    expect(await kept).toEqual({ error: null, answer: Buffer.from("kept") });
    client?.close();
    await closing;
    server = undefined;
  });
});
