/**
 * The plugin's gRPC server: unary and server-streaming calls answered over `node:http2` as gRPC's HTTP/2 protocol
 * lays them out (one length-prefixed message in, length-prefixed messages out, the status in trailers). The engine
 * makes two calls per resource on a refresh; grpc-js's server costs about half as much again per call as this.
 */
import * as http2 from "node:http2";
import type * as grpcTypes from "@grpc/grpc-js";
import { grpc } from "./protocol";

/** A failed call's status: its code, its message, and the `google.rpc.Status` it carries, if any. */
export interface CallStatus {
  code: number;
  details: string;
  statusDetails?: Uint8Array;
}

/** What a call answers: its messages (exactly one for a unary call), or the status it failed with. */
export type Outcome = { readonly messages: readonly unknown[] } | { readonly status: CallStatus };

/** One method's implementation, on its decoded request. */
export type Call = (request: unknown) => Promise<Outcome>;

/** The largest request accepted, as grpc-js's `grpc.max_receive_message_length` was set before. */
const MAX_MESSAGE_BYTES = 400 * 1024 * 1024;
const FRAME_HEADER_BYTES = 5;

const RESPONSE_HEADERS = {
  ":status": 200,
  "content-type": "application/grpc+proto",
  "grpc-accept-encoding": "identity",
  "grpc-encoding": "identity",
};

interface Method {
  readonly deserialize: (bytes: Buffer) => unknown;
  readonly serialize: (message: unknown) => Buffer;
  readonly call: Call;
}

export interface GrpcServer {
  readonly port: number;
  /** Stops taking calls and resolves once the calls under way have been answered. */
  close(): Promise<void>;
  /** Drops every connection at once. */
  destroy(): void;
}

/** Serves `calls` (by method name of `definition`) on a free port of the loopback interface. */
export function serveGrpc(
  definition: grpcTypes.ServiceDefinition,
  calls: Readonly<Record<string, Call>>,
): Promise<GrpcServer> {
  const methods = new Map<string, Method>();
  for (const [name, method] of Object.entries(definition)) {
    const call = calls[name];
    if (!call) continue;
    methods.set(method.path, {
      deserialize: method.requestDeserialize,
      serialize: method.responseSerialize,
      call,
    });
  }
  const server = http2.createServer({ maxSessionMemory: Number.MAX_SAFE_INTEGER });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("error", () => undefined);
    session.once("close", () => sessions.delete(session));
  });
  server.on("stream", (stream, headers) => answerStream(stream, headers, methods));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve({
        port: (server.address() as { port: number }).port,
        close: () =>
          new Promise((closed) => {
            server.close(() => closed());
            for (const session of sessions) session.close();
          }),
        destroy: () => {
          server.close();
          for (const session of sessions) session.destroy();
        },
      });
    });
  });
}

function answerStream(
  stream: http2.ServerHttp2Stream,
  headers: http2.IncomingHttpHeaders,
  methods: ReadonlyMap<string, Method>,
): void {
  // A stream the client resets emits an error, then closes: there is no one left to answer.
  stream.on("error", () => undefined);
  const contentType = headers["content-type"];
  if (typeof contentType !== "string" || !contentType.startsWith("application/grpc")) {
    stream.respond({ ":status": 415 }, { endStream: true });
    return;
  }
  const path = headers[":path"] ?? "";
  const method = methods.get(path);
  if (!method) {
    fail(stream, {
      code: grpc.status.UNIMPLEMENTED,
      details: `The server does not implement the method ${path}`,
    });
    return;
  }
  const deadline = deadlineOf(stream, headers["grpc-timeout"]);
  const chunks: Buffer[] = [];
  let size = 0;
  let declared: number | undefined;
  let refused = false;
  stream.on("data", (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    chunks.push(chunk);
    if (declared === undefined && size >= FRAME_HEADER_BYTES)
      declared = Buffer.concat(chunks).readUInt32BE(1);
    // The length prefix, or the bytes received, past the limit: refused at once, nothing more kept, and the client
    // told to stop sending (RST_STREAM NO_ERROR after the status), as gRPC's servers do.
    if ((declared ?? 0) <= MAX_MESSAGE_BYTES && size <= FRAME_HEADER_BYTES + MAX_MESSAGE_BYTES) return;
    refused = true;
    chunks.length = 0;
    const length = Math.max(declared ?? 0, size - FRAME_HEADER_BYTES);
    fail(stream, {
      code: grpc.status.RESOURCE_EXHAUSTED,
      details: `Received message larger than max (${length} vs. ${MAX_MESSAGE_BYTES})`,
    });
    stream.close(http2.constants.NGHTTP2_NO_ERROR);
  });
  stream.once("end", () => {
    // Refused for its size, or answered already because its deadline passed: the call is never made.
    if (refused || stream.headersSent) return;
    const request = readRequest(Buffer.concat(chunks), headers["grpc-encoding"], method);
    if ("status" in request) {
      fail(stream, request.status);
      return;
    }
    method
      .call(request.message)
      .then(
        (outcome) =>
          "status" in outcome ? fail(stream, outcome.status) : send(stream, method, outcome.messages),
        (error: unknown) => fail(stream, { code: grpc.status.INTERNAL, details: String(error) }),
      )
      .finally(() => clearTimeout(deadline));
  });
}

/** A timer that answers DEADLINE_EXCEEDED when the client's `grpc-timeout` passes first, or undefined without one. */
function deadlineOf(stream: http2.ServerHttp2Stream, timeout: string | string[] | undefined) {
  const match = typeof timeout === "string" ? /^(\d{1,8})([HMSmun])$/.exec(timeout) : null;
  if (!match) return undefined;
  const unitMs = { H: 3_600_000, M: 60_000, S: 1_000, m: 1, u: 0.001, n: 0.000_001 }[match[2] as "H"];
  const timer = setTimeout(
    () => fail(stream, { code: grpc.status.DEADLINE_EXCEEDED, details: "Deadline exceeded" }),
    Math.min(Number(match[1]) * unitMs, 2 ** 31 - 1),
  );
  stream.once("close", () => clearTimeout(timer));
  return timer;
}

/** The one message of a request's body, or why it cannot be read (the status gRPC's servers answer). */
function readRequest(
  body: Buffer,
  encoding: string | string[] | undefined,
  method: Method,
): { message: unknown } | { status: CallStatus } {
  const length = body.length >= FRAME_HEADER_BYTES ? body.readUInt32BE(1) : -1;
  if (length < 0 || body.length !== FRAME_HEADER_BYTES + length) {
    return { status: { code: grpc.status.INTERNAL, details: "the request is not one gRPC message" } };
  }
  if (body[0] !== 0) {
    const named = typeof encoding === "string" && encoding !== "identity";
    return {
      status: named
        ? {
            code: grpc.status.UNIMPLEMENTED,
            details: `grpc-encoding ${encoding} is not supported: send identity`,
          }
        : { code: grpc.status.INTERNAL, details: "the compressed flag is set, with no grpc-encoding" },
    };
  }
  try {
    return { message: method.deserialize(body.subarray(FRAME_HEADER_BYTES)) };
  } catch (error) {
    return { status: { code: grpc.status.INTERNAL, details: `Error deserializing request: ${error}` } };
  }
}

function send(stream: http2.ServerHttp2Stream, method: Method, messages: readonly unknown[]): void {
  // A stream the client reset, or one already answered (its deadline passed), takes no answer.
  if (stream.closed || stream.destroyed || stream.headersSent) return;
  let body: Buffer;
  try {
    body = Buffer.concat(messages.map((message) => framed(method.serialize(message))));
  } catch (error) {
    fail(stream, { code: grpc.status.INTERNAL, details: `Error serializing response: ${error}` });
    return;
  }
  stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
  stream.once("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0", "grpc-message": "OK" }));
  stream.end(body);
}

/** Answers with trailers only: gRPC's form of a call that failed before it sent a message. */
function fail(stream: http2.ServerHttp2Stream, status: CallStatus): void {
  if (stream.closed || stream.destroyed || stream.headersSent) return;
  const trailers: http2.OutgoingHttpHeaders = {
    ...RESPONSE_HEADERS,
    "grpc-status": String(status.code),
    "grpc-message": percentEncoded(status.details),
  };
  if (status.statusDetails) {
    trailers["grpc-status-details-bin"] = Buffer.from(status.statusDetails).toString("base64");
  }
  stream.respond(trailers, { endStream: true });
}

function framed(message: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + message.length);
  frame[0] = 0;
  frame.writeUInt32BE(message.length, 1);
  message.copy(frame, FRAME_HEADER_BYTES);
  return frame;
}

/** `grpc-message` as gRPC encodes it: UTF-8, with `%` and every byte outside printable ASCII as `%XX`. */
function percentEncoded(text: string): string {
  let encoded = "";
  for (const byte of Buffer.from(text, "utf8")) {
    encoded +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x25
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return encoded;
}
