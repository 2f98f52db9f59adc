import { readFileSync } from "node:fs";
import * as http2 from "node:http2";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { providerProto, structProto } from "../../provider/native/protocol";
import { apiRequests, clearRequests, setFaults } from "../../testkit/emulatorApi";
import { NativePlugin, urnOf } from "../../testkit/nativePlugin";
import { providerInputs } from "./harness/setup";

/**
 * The plugin's gRPC server held to the protocol by a raw HTTP/2 client, as something that is not the engine may
 * speak to it: each request answered with the status gRPC's own servers give (or reset), and the process alive and
 * answering the next call, with nothing unhandled on its stderr.
 */

/** The gRPC status codes met here. */
const status = { OK: 0, DEADLINE_EXCEEDED: 4, RESOURCE_EXHAUSTED: 8, UNIMPLEMENTED: 12, INTERNAL: 13 };
const SERVICE = "/pulumirpc.ResourceProvider";

interface RawAnswer {
  httpStatus: number | undefined;
  grpcStatus: number | undefined;
  grpcMessage: string;
  body: Buffer;
  /** The RST_STREAM code when the server reset the stream. */
  resetCode?: number;
}

const framed = (message: Uint8Array, flag = 0) => {
  const frame = Buffer.alloc(5 + message.length);
  frame[0] = flag;
  frame.writeUInt32BE(message.length, 1);
  Buffer.from(message).copy(frame, 5);
  return frame;
};

/** One call on `session`: `body` written in the chunks given (each its own DATA frame), the answer collected. */
function rawCall(
  session: http2.ClientHttp2Session,
  method: string,
  chunks: readonly Buffer[],
  headers: http2.OutgoingHttpHeaders = {},
): { answer: Promise<RawAnswer>; stream: http2.ClientHttp2Stream } {
  const stream = session.request({
    ":method": "POST",
    ":path": `${SERVICE}/${method}`,
    "content-type": "application/grpc",
    te: "trailers",
    ...headers,
  });
  const answer = new Promise<RawAnswer>((resolve) => {
    let seen: http2.IncomingHttpHeaders = {};
    const body: Buffer[] = [];
    stream.on("response", (response) => (seen = { ...seen, ...response }));
    stream.on("trailers", (trailers) => (seen = { ...seen, ...trailers }));
    stream.on("data", (chunk: Buffer) => body.push(chunk));
    stream.on("error", () => undefined);
    stream.on("close", () =>
      resolve({
        httpStatus: seen[":status"] as number | undefined,
        grpcStatus: seen["grpc-status"] === undefined ? undefined : Number(seen["grpc-status"]),
        grpcMessage: decodeURIComponent(String(seen["grpc-message"] ?? "")),
        body: Buffer.concat(body),
        ...(stream.rstCode && stream.rstCode !== http2.constants.NGHTTP2_NO_ERROR
          ? { resetCode: stream.rstCode }
          : {}),
      }),
    );
  });
  void (async () => {
    for (const chunk of chunks) {
      if (stream.destroyed || stream.closed) return;
      if (!stream.write(chunk))
        await new Promise((resolve) => stream.once("drain", resolve).once("close", resolve));
    }
    if (!stream.destroyed) stream.end();
  })();
  return { answer, stream };
}

/** The messages of a gRPC answer's body. */
function messagesOf(body: Buffer): Buffer[] {
  const messages: Buffer[] = [];
  for (let at = 0; at < body.length;) {
    const length = body.readUInt32BE(at + 1);
    messages.push(body.subarray(at + 5, at + 5 + length));
    at += 5 + length;
  }
  return messages;
}

const pluginInfo = (session: http2.ClientHttp2Session) =>
  rawCall(session, "GetPluginInfo", [framed(new Uint8Array())]).answer;

let emulator: RunningEmulator;
let plugin: NativePlugin;
let session: http2.ClientHttp2Session;

const connect = () => {
  const opened = http2.connect(`http://127.0.0.1:${plugin.port}`);
  opened.on("error", () => undefined);
  return opened;
};

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  plugin = await NativePlugin.start();
  await plugin.configure(providerInputs(emulator));
  session = connect();
});
afterEach(async () => {
  await setFaults(emulator, {});
  // Whatever the last test sent, the plugin is alive and answers the next call, on a connection of its own.
  expect(plugin.running).toBe(true);
  const fresh = connect();
  try {
    const answer = await pluginInfo(fresh);
    expect(answer.grpcStatus).toBe(status.OK);
    expect(messagesOf(answer.body)).toHaveLength(1);
  } finally {
    fresh.close();
  }
  expect(plugin.stderr.join("")).not.toMatch(/Unhandled|uncaught|TypeError|RangeError|ERR_HTTP2/i);
});
afterAll(async () => {
  session?.close();
  await plugin?.stop();
  await emulator?.close();
});

/** Resolves once the emulator has received `count` API requests (the plugin's calls have reached the service). */
const untilTheEmulatorHas = (count: number) =>
  vi.waitFor(async () => expect((await apiRequests(emulator)).length).toBeGreaterThanOrEqual(count), {
    timeout: 10_000,
    interval: 20,
  });

/** Resolves once the emulator has answered every API request it received. */
const untilTheEmulatorAnsweredAll = () =>
  vi.waitFor(
    async () => expect((await apiRequests(emulator)).filter((request) => request.status === 0)).toEqual([]),
    { timeout: 10_000, interval: 20 },
  );

/** A Check of an App with no inputs: answered with a failure naming displayName. */
const checkRequest = () =>
  new providerProto.CheckRequest()
    .setUrn(urnOf("idgov:index:App", "wiki"))
    .setType("idgov:index:App")
    .serializeBinary();

describe("pulumi-resource-idgov's gRPC server, spoken to by a raw HTTP/2 client", () => {
  it("answers a message split over many DATA frames, one byte each", async () => {
    const request = framed(checkRequest());
    const answer = await rawCall(
      session,
      "Check",
      [...request].map((byte) => Buffer.from([byte])),
    ).answer;
    expect(answer.grpcStatus).toBe(status.OK);
    const [message] = messagesOf(answer.body);
    expect(providerProto.CheckResponse.deserializeBinary(message!).getFailuresList().length).toBeGreaterThan(
      0,
    );
  });

  it.each([
    ["Check (read by the plugin's own codec)", "Check"],
    ["Configure (read by the generated stubs)", "Configure"],
  ])("answers INTERNAL to garbage in a well-framed message: %s", async (_label, method) => {
    for (const garbage of [
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      Buffer.from([0x0a, 0x7f, 0x01]),
      Buffer.from([0x0b, 0x00]),
      Buffer.from([0x19, 0x01]),
    ]) {
      const answer = await rawCall(session, method, [framed(garbage)]).answer;
      expect(answer.grpcStatus, garbage.toString("hex")).toBe(status.INTERNAL);
      expect(answer.grpcMessage).toMatch(/deserializing request/);
    }
  });

  it("answers INTERNAL to a body that is not one message: a length prefix past its end, a short header, two messages", async () => {
    const bodies = [
      Buffer.concat([Buffer.from([0, 0, 0, 0, 200]), Buffer.alloc(10)]),
      Buffer.from([0, 0]),
      Buffer.alloc(0),
      Buffer.concat([framed(checkRequest()), framed(checkRequest())]),
    ];
    for (const body of bodies) {
      const answer = await rawCall(session, "Check", [body]).answer;
      expect(answer.grpcStatus, body.toString("hex").slice(0, 40)).toBe(status.INTERNAL);
      expect(answer.grpcMessage).toBe("the request is not one gRPC message");
    }
  });

  it("answers INTERNAL to a compressed flag with no grpc-encoding, UNIMPLEMENTED to an encoding it lacks", async () => {
    const flagged = await rawCall(session, "Check", [framed(checkRequest(), 1)]).answer;
    expect([flagged.grpcStatus, flagged.grpcMessage]).toEqual([
      status.INTERNAL,
      "the compressed flag is set, with no grpc-encoding",
    ]);
    const gzip = await rawCall(session, "Check", [framed(checkRequest(), 1)], { "grpc-encoding": "gzip" })
      .answer;
    expect(gzip.grpcStatus).toBe(status.UNIMPLEMENTED);
  });

  it("answers UNIMPLEMENTED to a method it does not serve, and 415 to a request that is not gRPC", async () => {
    const unknown = await rawCall(session, "Teleport", [framed(new Uint8Array())]).answer;
    expect([unknown.grpcStatus, unknown.grpcMessage]).toEqual([
      status.UNIMPLEMENTED,
      `The server does not implement the method ${SERVICE}/Teleport`,
    ]);
    const json = await rawCall(session, "Check", [Buffer.from("{}")], { "content-type": "application/json" })
      .answer;
    expect(json.httpStatus).toBe(415);
  });

  it("answers RESOURCE_EXHAUSTED to a message over 400 MiB as soon as it passes the limit, keeping none of it", async () => {
    const megabyte = Buffer.alloc(1024 * 1024, 0x61);
    const header = Buffer.alloc(5);
    header.writeUInt32BE(401 * 1024 * 1024, 1);
    const chunks = [header, ...Array.from({ length: 401 }, () => megabyte)];
    const answer = await rawCall(session, "Check", chunks).answer;
    expect(answer.grpcStatus).toBe(status.RESOURCE_EXHAUSTED);
    expect(answer.grpcMessage).toMatch(/^Received message larger than max \(\d+ vs\. 419430400\)$/);
    // The plugin's peak memory stayed far below the 400 MiB it was sent.
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${plugin.pid}/status`, "utf8"))?.[1]);
    expect(peakKb).toBeLessThan(300 * 1024);
  }, 120_000);

  it("stays up when a call is cancelled mid-way (RST_STREAM CANCEL), and when the connection goes away during one (GOAWAY)", async () => {
    await clearRequests(emulator);
    await setFaults(emulator, { latencyMs: 1_000 });
    const read = new providerProto.ReadRequest()
      .setId("app-github")
      .setUrn(urnOf("idgov:index:App", "github"))
      .setType("idgov:index:App")
      .serializeBinary();
    const cancelled = rawCall(session, "Read", [framed(read)]);
    await untilTheEmulatorHas(1);
    cancelled.stream.close(http2.constants.NGHTTP2_CANCEL);
    expect((await cancelled.answer).grpcStatus).toBeUndefined();

    const leaving = connect();
    const during = rawCall(leaving, "Read", [framed(read)]);
    await untilTheEmulatorHas(2);
    leaving.goaway(http2.constants.NGHTTP2_NO_ERROR);
    leaving.destroy();
    expect((await during.answer).grpcStatus).toBeUndefined();
    // The calls the plugin was still making finish on their own; wait them out before the next test's check.
    await untilTheEmulatorAnsweredAll();
  });

  it("answers DEADLINE_EXCEEDED when the client's grpc-timeout passes first, before the service answers", async () => {
    await clearRequests(emulator);
    await setFaults(emulator, { latencyMs: 1_500 });
    const read = new providerProto.ReadRequest()
      .setId("app-github")
      .setUrn(urnOf("idgov:index:App", "github"))
      .setType("idgov:index:App")
      .serializeBinary();
    const answer = await rawCall(session, "Read", [framed(read)], { "grpc-timeout": "300m" }).answer;
    expect([answer.grpcStatus, answer.grpcMessage]).toEqual([status.DEADLINE_EXCEEDED, "Deadline exceeded"]);
    const answeredByTheService = (await apiRequests(emulator)).filter((request) => request.status !== 0);
    expect(answeredByTheService).toEqual([]);
    await untilTheEmulatorHas(1);
    await untilTheEmulatorAnsweredAll();
  });

  it("answers 100 concurrent calls on one connection, each with its own answer", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, at) => {
        const request = new providerProto.CheckRequest()
          .setUrn(urnOf("idgov:index:App", `app-${at}`))
          .setType("idgov:index:App")
          .setNews(structProto.Struct.fromJavaScript({ displayName: `App ${at}` }))
          .serializeBinary();
        return rawCall(session, "Check", [framed(request)]).answer;
      }),
    );
    expect(answers.map((answer) => answer.grpcStatus)).toEqual(answers.map(() => status.OK));
    const names = answers.map(
      (answer) =>
        providerProto.CheckResponse.deserializeBinary(messagesOf(answer.body)[0]!).getInputs()?.toJavaScript()
          .displayName,
    );
    expect(names).toEqual(answers.map((_, at) => `App ${at}`));
  });
});
