/**
 * BENCH ONLY: `pulumi-resource-idgov` answering through @connectrpc/connect-node (gRPC protocol only) with messages
 * generated from Pulumi's protos by protoc-gen-es, instead of the hand-written server and codecs. The provider's
 * calls are the shipped ones (bundled from the same sources), so the two plugins differ only in how they are served.
 * Check/Diff/Create/Read/Update/Delete map protobuf-es messages to the hand-written call shapes; every other method is
 * bridged through its bytes to the google-protobuf stubs. Bundled by bench/connect/bundle.ts.
 */
import * as http2 from "node:http2";
import { fromBinary, toBinary, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { ResourceProvider } from "./gen/pulumi/provider_pb";
import type { Call, Outcome } from "../../provider/native/grpcServer";
import { engineAddressOf, unreachableEngine } from "../../provider/native/engineAddress";
import { checkEngine, watchEngine } from "../../provider/native/engineHealth";
import { engineWarnings } from "../../provider/native/engineLog";
import { lazyResourceProvider } from "../../provider/native/lazyResourceProvider";
import { engineGrpc, grpc, providerGrpc, statusProto } from "../../provider/native/protocol";
import type { ServingPlugin } from "../../provider/native/main";
import { organizationName } from "../../provider/service/ownership";
import {
  withResourceCodecs,
  type CheckAnswer,
  type CreateAnswer,
  type DiffAnswer,
  type ReadAnswer,
  type UpdateAnswer,
} from "../../provider/native/wire/resourceCalls";

type Request = Record<string, unknown> & { urn: string; type: string };

/** A failed outcome as a ConnectError: same code and message, and the status's details (as `Any`s) carried along. */
function failure(status: { code: number; details: string; statusDetails?: Uint8Array }): ConnectError {
  const details = status.statusDetails
    ? statusProto.Status.deserializeBinary(status.statusDetails)
        .getDetailsList()
        .map((any) => ({ type: any.getTypeName(), value: any.getValue_asU8() }))
    : [];
  const error = new ConnectError(status.details, status.code as Code);
  error.details = details; // as incoming details: connect writes their type and bytes back as they are
  return error;
}

async function messagesOf(outcome: Promise<Outcome>): Promise<readonly unknown[]> {
  const answered = await outcome;
  if ("status" in answered) throw failure(answered.status);
  return answered.messages;
}

/** A value as JSON reads it (what protobuf-es accepts as a Struct): toJSON applied, undefined members left out. */
function json(value: unknown): JsonValue | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "object") return undefined;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function")
    return json((value as { toJSON(): unknown }).toJSON());
  if (Array.isArray(value)) return value.map((item) => json(item) ?? null);
  const fields: JsonObject = {};
  for (const key of Object.keys(value)) {
    const member = json((value as Record<string, unknown>)[key]);
    if (member !== undefined) fields[key] = member;
  }
  return fields;
}

const struct = (value: Record<string, unknown> | undefined) =>
  value === undefined ? undefined : (json(value) as JsonObject);

/** The per-resource calls: the protobuf-es request as the call shape, the answer as the protobuf-es response. */
const RESOURCE: Record<string, { call(req: Request): unknown; answer(message: unknown): unknown }> = {
  check: {
    call: ({ urn, type, news }) => ({ urn, type, news }),
    answer: (m) => {
      const { inputs, failures } = m as CheckAnswer;
      return {
        inputs: struct(inputs),
        failures: failures.map(({ property, reason }) => ({ property, reason })),
      };
    },
  },
  diff: {
    call: ({ urn, type, id, olds, news, oldInputs }) => ({ urn, type, id, olds, news, oldInputs }),
    answer: (m) => {
      const answer = m as DiffAnswer;
      return {
        replaces: [...answer.replaces],
        deleteBeforeReplace: answer.deleteBeforeReplace,
        changes: answer.changes,
        diffs: [...answer.diffs],
        detailedDiff: Object.fromEntries(answer.detailedDiff),
        hasDetailedDiff: true,
      };
    },
  },
  create: {
    call: ({ urn, type, properties, preview }) => ({ urn, type, properties, preview }),
    answer: (m) => ({ id: (m as CreateAnswer).id, properties: struct((m as CreateAnswer).properties) }),
  },
  read: {
    call: ({ urn, type, id, properties }) => ({ urn, type, id, properties }),
    answer: (m) => {
      const { id, properties, inputs } = m as ReadAnswer;
      return { id, properties: struct(properties), inputs: struct(inputs) };
    },
  },
  update: {
    call: ({ urn, type, id, olds, news, preview }) => ({ urn, type, id, olds, news, preview }),
    answer: (m) => ({ properties: struct((m as UpdateAnswer).properties) }),
  },
  delete: {
    call: ({ urn, type, id, properties }) => ({ urn, type, id, properties }),
    answer: () => ({}),
  },
};

/** The connect implementation of every method the provider answers. */
function implementation(
  calls: Readonly<Record<string, Call>>,
  definition: ReturnType<typeof withResourceCodecs>,
) {
  const impl: Record<string, unknown> = {};
  for (const method of ResourceProvider.methods) {
    const name = method.localName;
    const call = calls[name];
    const wire = definition[name];
    if (!call || !wire) continue;
    const mapped = RESOURCE[name];
    if (mapped) {
      impl[name] = async (req: Request) => mapped.answer((await messagesOf(call(mapped.call(req))))[0]);
      continue;
    }
    // Every other method (and DiffConfig, whose call shape is Diff's): through the bytes of the google-protobuf stubs.
    const answers = async (req: never) => {
      const request = wire.requestDeserialize(Buffer.from(toBinary(method.input, req)));
      const messages = await messagesOf(call(request));
      return messages.map((message) => fromBinary(method.output, wire.responseSerialize(message)));
    };
    impl[name] =
      method.methodKind === "server_streaming"
        ? async function* (req: never) {
            yield* await answers(req);
          }
        : async (req: never) => (await answers(req))[0];
  }
  return impl;
}

function listen(server: http2.Http2Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve((server.address() as { port: number }).port);
    });
  });
}

/** As provider/native/main.ts `serve`, with the connect server. */
export async function serve(args: readonly string[]): Promise<ServingPlugin> {
  const engineAddress = engineAddressOf(args);
  const engine = new engineGrpc.EngineClient(engineAddress, grpc.credentials.createInsecure());
  const definition = withResourceCodecs(providerGrpc.ResourceProviderService);
  const provider = lazyResourceProvider(definition, organizationName(), engineWarnings(engine));
  const reached = checkEngine(engine, 5_000).catch((error: { details?: string; message?: string }) => {
    throw unreachableEngine(engineAddress, error.details || error.message || String(error));
  });
  const handler = connectNodeAdapter({
    routes: (router: ConnectRouter) =>
      router.service(ResourceProvider, implementation(provider.calls, definition) as never),
    grpc: true,
    grpcWeb: false,
    connect: false,
    // connect-node accepts gzip and brotli by default, and so gzips every answer of 1 KiB or more to a client that
    // accepts gzip (grpc-js sends `grpc-accept-encoding: identity,deflate,gzip`); IDGOV_BENCH_CONNECT_IDENTITY=1
    // answers identity only, as the hand-written server does.
    ...(process.env.IDGOV_BENCH_CONNECT_IDENTITY ? { acceptCompression: [] } : {}),
  });
  const server = http2.createServer({ maxSessionMemory: Number.MAX_SAFE_INTEGER }, handler);
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("error", () => undefined);
    session.once("close", () => sessions.delete(session));
  });
  const [port] = await Promise.all([listen(server), reached]).catch((error: unknown) => {
    server.close();
    engine.close();
    throw error;
  });
  return {
    port,
    engineAddress,
    warm: provider.warm,
    watchEngine: (onGone) => watchEngine(engine, onGone),
    stop: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        for (const session of sessions) session.close();
      }).finally(() => engine.close()),
  };
}

if (require.main === module) {
  serve(process.argv.slice(2)).then(
    (plugin) => {
      process.stdout.write(`${plugin.port}\n`);
      setImmediate(plugin.warm);
      plugin.watchEngine(() => {
        setTimeout(() => process.exit(1), 30_000).unref();
        void plugin.stop().finally(() => process.exit(1));
      });
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`pulumi-resource-idgov: ${message.split("\n")[0]}\n`);
      process.exitCode = 1;
    },
  );
}
