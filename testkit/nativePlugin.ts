import { type ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as statusProto from "@pulumi/pulumi/proto/status_pb";
import { isPulumiSecret, pulumiSecret } from "../provider/engine/pulumiSecret";
import { ResourceInitFailure } from "./dynamicHost";
import { EngineLog } from "./engineLog";

const root = path.resolve(__dirname, "..");
/**
 * The built plugin, as the engine starts it; `IDGOV_TEST_PLUGIN_MAIN` names another entry to drive instead (the
 * bundle of a release archive: `npm run release` runs this suite against it).
 */
export const PLUGIN_MAIN =
  process.env.IDGOV_TEST_PLUGIN_MAIN ?? path.join(root, "dist/provider/native/main.js");

export type Props = Record<string, unknown>;

export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** A value wrapped as a Pulumi secret, as the engine sends it. */
export const secret = pulumiSecret;

/** A value with every secret in it replaced by what it wraps. */
export function revealed(value: unknown): unknown {
  if (isPulumiSecret(value)) return revealed(value.value);
  if (Array.isArray(value)) return value.map(revealed);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, revealed(inner)]));
  }
  return value;
}

/** A value as the engine writes it to state in plain text: every secret in it replaced (the engine encrypts it). */
export function withSecretsEncrypted(value: unknown): unknown {
  if (isPulumiSecret(value)) return "[secret]";
  if (Array.isArray(value)) return value.map(withSecretsEncrypted);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, withSecretsEncrypted(inner)]),
    );
  }
  return value;
}

/** The URN of a resource of this test stack (`native-test` in project `native`). */
export function urnOf(type: string, name: string): string {
  return `urn:pulumi:native-test::native::${type}::${name}`;
}

export interface Failure {
  property: string;
  reason: string;
}

const KIND_NAMES = ["ADD", "ADD_REPLACE", "DELETE", "DELETE_REPLACE", "UPDATE", "UPDATE_REPLACE"] as const;

export interface DiffAnswer {
  changes: "unknown" | "none" | "some";
  replaces: string[];
  diffs: string[];
  detailedDiff: Record<string, (typeof KIND_NAMES)[number]>;
  deleteBeforeReplace: boolean;
}

function struct(props: Props): Struct {
  return Struct.fromJavaScript(props as never);
}

function failuresOf(list: providerProto.CheckFailure[]): Failure[] {
  return list.map((failure) => ({ property: failure.getProperty(), reason: failure.getReason() }));
}

/** What a `List` call asks beside the token. */
export interface ListCall {
  query?: Props;
  limit?: number;
  pageSize?: number;
  continuationToken?: string;
}

/** A `List` stream as read: its results, whether it answered `Computed`, and its continuation token if any. */
export interface ListAnswer {
  items: { id: string; name: string }[];
  computed: boolean;
  continuationToken: string | undefined;
}

let engine: Promise<EngineLog> | undefined;

/** The stand-in of the engine that plugins started without an address of their own talk to (one per process). */
export function sharedEngine(): Promise<EngineLog> {
  engine ??= EngineLog.start();
  return engine;
}

/**
 * `pulumi-resource-idgov` in its own process, started and driven over gRPC the way the engine does: the port read
 * from the first line of stdout, every call a ResourceProvider RPC.
 */
export class NativePlugin {
  private constructor(
    private readonly child: ChildProcess,
    private readonly client: providerGrpc.ResourceProviderClient,
    readonly stdout: string[],
    readonly stderr: string[],
    /** Milliseconds from spawn to the port line. */
    readonly startupMs: number,
    /** The port it serves on, from its first line of stdout. */
    readonly port: number,
  ) {}

  /** Whether the process is still running. */
  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The plugin's process id. */
  get pid(): number {
    return this.child.pid ?? 0;
  }

  /**
   * Starts the plugin as the engine does, with `engineAddress` (where its warnings go) as its argument; by default
   * the address of one stand-in of the engine's log service that this test process shares.
   */
  static async start(env: NodeJS.ProcessEnv = {}, engineAddress?: string, cwd = root): Promise<NativePlugin> {
    engineAddress ??= (await sharedEngine()).address;
    const started = performance.now();
    const child = spawn(process.execPath, [PLUGIN_MAIN, engineAddress], {
      cwd,
      env: { PATH: process.env.PATH, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const stdout: string[] = [];
    const stderr: string[] = [];
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
    const port = await new Promise<string>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`plugin exited with ${code}: ${stderr.join("")}`)));
      child.stdout?.on("data", (chunk: Buffer) => {
        stdout.push(chunk.toString());
        const text = stdout.join("");
        if (text.includes("\n")) resolve(text.split("\n")[0] as string);
      });
    });
    const startupMs = performance.now() - started;
    const client = new providerGrpc.ResourceProviderClient(
      `127.0.0.1:${port}`,
      grpc.credentials.createInsecure(),
    );
    return new NativePlugin(child, client, stdout, stderr, startupMs, Number(port));
  }

  private call<Req, Res>(method: string, request: Req): Promise<Res> {
    return new Promise((resolve, reject) => {
      const fn = (this.client as unknown as Record<string, Function>)[method] as Function;
      fn.call(this.client, request, (error: grpc.ServiceError | null, response: Res) =>
        error ? reject(callError(error)) : resolve(response),
      );
    });
  }

  async pluginVersion(): Promise<string> {
    const info = await this.call<Empty, pluginProto.PluginInfo>("getPluginInfo", new Empty());
    return info.getVersion();
  }

  async schema(): Promise<Record<string, any>> {
    const answer = await this.call<providerProto.GetSchemaRequest, providerProto.GetSchemaResponse>(
      "getSchema",
      new providerProto.GetSchemaRequest(),
    );
    return JSON.parse(answer.getSchema()) as Record<string, any>;
  }

  async checkConfig(
    news: Props,
    urn = "urn:pulumi:native-test::native::pulumi:providers:idgov::default",
  ): Promise<{ inputs: Props; failures: Failure[] }> {
    const request = new providerProto.CheckRequest();
    request.setUrn(urn);
    request.setNews(struct(news));
    request.setOlds(struct({}));
    const answer = await this.call<providerProto.CheckRequest, providerProto.CheckResponse>(
      "checkConfig",
      request,
    );
    return {
      inputs: (answer.getInputs()?.toJavaScript() ?? {}) as Props,
      failures: failuresOf(answer.getFailuresList()),
    };
  }

  async diffConfig(olds: Props, news: Props): Promise<DiffAnswer> {
    const request = new providerProto.DiffRequest();
    request.setOlds(struct(olds)).setOldInputs(struct(olds)).setNews(struct(news));
    return diffAnswer(await this.call("diffConfig", request));
  }

  async configure(args: Props): Promise<providerProto.ConfigureResponse> {
    const request = new providerProto.ConfigureRequest();
    request.setArgs(struct(args));
    request.setAcceptsecrets(true);
    return this.call("configure", request);
  }

  async check(type: string, name: string, news: Props, olds: Props = {}) {
    const request = new providerProto.CheckRequest();
    request.setUrn(urnOf(type, name)).setType(type).setName(name);
    request.setOlds(struct(olds)).setNews(struct(news));
    const answer = await this.call<providerProto.CheckRequest, providerProto.CheckResponse>("check", request);
    return {
      inputs: (answer.getInputs()?.toJavaScript() ?? {}) as Props,
      failures: failuresOf(answer.getFailuresList()),
    };
  }

  async diff(type: string, name: string, id: string, olds: Props, news: Props, oldInputs?: Props) {
    const request = new providerProto.DiffRequest();
    request.setUrn(urnOf(type, name)).setType(type).setName(name).setId(id);
    request.setOlds(struct(olds)).setNews(struct(news));
    if (oldInputs) request.setOldInputs(struct(oldInputs));
    return diffAnswer(await this.call("diff", request));
  }

  async create(type: string, name: string, inputs: Props, preview = false) {
    const request = new providerProto.CreateRequest();
    request.setUrn(urnOf(type, name)).setType(type).setName(name).setPreview(preview);
    request.setProperties(struct(inputs));
    const answer = await this.call<providerProto.CreateRequest, providerProto.CreateResponse>(
      "create",
      request,
    );
    return { id: answer.getId(), outputs: (answer.getProperties()?.toJavaScript() ?? {}) as Props };
  }

  async read(type: string, name: string, id: string, state: Props, inputs?: Props) {
    const request = new providerProto.ReadRequest();
    request.setUrn(urnOf(type, name)).setType(type).setName(name).setId(id);
    request.setProperties(struct(state));
    if (inputs) request.setInputs(struct(inputs));
    const answer = await this.call<providerProto.ReadRequest, providerProto.ReadResponse>("read", request);
    return {
      id: answer.getId(),
      outputs: (answer.getProperties()?.toJavaScript() ?? {}) as Props,
      /** Whether the answer carries properties: the engine reads an answer without as "does not exist". */
      answered: answer.hasProperties(),
      inputs: answer.hasInputs() ? (answer.getInputs()?.toJavaScript() as Props) : undefined,
    };
  }

  async update(
    type: string,
    name: string,
    id: string,
    olds: Props,
    news: Props,
    preview = false,
    oldInputs?: Props,
  ) {
    const request = new providerProto.UpdateRequest();
    request.setUrn(urnOf(type, name)).setType(type).setName(name).setId(id).setPreview(preview);
    request.setOlds(struct(olds)).setNews(struct(news));
    if (oldInputs) request.setOldInputs(struct(oldInputs));
    const answer = await this.call<providerProto.UpdateRequest, providerProto.UpdateResponse>(
      "update",
      request,
    );
    return (answer.getProperties()?.toJavaScript() ?? {}) as Props;
  }

  async delete(type: string, name: string, id: string, state: Props): Promise<void> {
    const request = new providerProto.DeleteRequest();
    request.setUrn(urnOf(type, name)).setType(type).setName(name).setId(id);
    request.setProperties(struct(state));
    await this.call("delete", request);
  }

  async invoke(token: string, args: Props) {
    const request = new providerProto.InvokeRequest();
    request.setTok(token).setArgs(struct(args));
    const answer = await this.call<providerProto.InvokeRequest, providerProto.InvokeResponse>(
      "invoke",
      request,
    );
    return {
      result: (answer.getReturn()?.toJavaScript() ?? {}) as Props,
      failures: failuresOf(answer.getFailuresList()),
    };
  }

  /**
   * One `List` call: the stream read to its end, as the engine reads it. A failed call rejects with the gRPC status
   * name as `code` (`UNIMPLEMENTED`, `INVALID_ARGUMENT`, `UNKNOWN`).
   */
  list(token: string, ask: ListCall = {}): Promise<ListAnswer> {
    const request = new providerProto.ListRequest().setToken(token);
    if (ask.query) request.setQuery(struct(ask.query));
    request.setLimit(ask.limit ?? 0).setPageSize(ask.pageSize ?? 0);
    request.setContinuationToken(ask.continuationToken ?? "");
    const answer: ListAnswer = { items: [], computed: false, continuationToken: undefined };
    return new Promise((resolve, reject) => {
      const stream = this.client.list(request);
      stream.on("data", (message: providerProto.ListResponse) => {
        if (message.hasComputed()) answer.computed = true;
        const result = message.getResult();
        if (result) answer.items.push({ id: result.getId(), name: result.getName() });
        const continuation = message.getContinuation();
        if (continuation) answer.continuationToken = continuation.getContinuationToken();
      });
      stream.on("error", (error: grpc.ServiceError) =>
        reject(Object.assign(new Error(error.details), { code: grpc.status[error.code] })),
      );
      stream.on("end", () => resolve(answer));
    });
  }

  async cancel(): Promise<void> {
    await this.call("cancel", new Empty());
  }

  async stop(): Promise<void> {
    this.client.close();
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once("exit", resolve));
      this.child.kill();
      await exited;
    }
  }
}

/** The error of a failed call; a write that stopped half way carries the state reached, as the engine reads it. */
function callError(error: grpc.ServiceError): Error {
  const message = error.details || error.message;
  const [details] = error.metadata?.get("grpc-status-details-bin") ?? [];
  if (!(details instanceof Buffer)) return new Error(message);
  for (const any of statusProto.Status.deserializeBinary(details).getDetailsList()) {
    if (any.getTypeName() !== "pulumirpc.ErrorResourceInitFailed") continue;
    const failure = providerProto.ErrorResourceInitFailed.deserializeBinary(any.getValue_asU8());
    const properties = (failure.getProperties()?.toJavaScript() ?? {}) as Props;
    return new ResourceInitFailure(message, failure.getId(), properties, failure.getReasonsList());
  }
  return new Error(message);
}

function diffAnswer(answer: providerProto.DiffResponse): DiffAnswer {
  const detailedDiff: DiffAnswer["detailedDiff"] = {};
  answer.getDetaileddiffMap().forEach((value, key) => {
    detailedDiff[key] = KIND_NAMES[value.getKind()] as (typeof KIND_NAMES)[number];
  });
  return {
    changes: (["unknown", "none", "some"] as const)[answer.getChanges()] ?? "unknown",
    replaces: answer.getReplacesList(),
    diffs: answer.getDiffsList(),
    detailedDiff,
    deleteBeforeReplace: answer.getDeletebeforereplace(),
  };
}
