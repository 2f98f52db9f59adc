import { type ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as statusProto from "@pulumi/pulumi/proto/status_pb";
import type { ProviderDoor } from "./engineSimulator";
import { serializedProvider } from "./serialize";

const root = path.resolve(__dirname, "..");
const hostScript = require.resolve("@pulumi/pulumi/cmd/dynamic-provider", { paths: [root] });

type Props = Record<string, unknown>;

/** The unknown-value sentinel the engine sends during previews. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export interface CheckAnswer {
  inputs: Props;
  failures: { property: string; reason: string }[];
}
export interface DiffAnswer {
  changes: "none" | "some" | "unknown";
  replaces: string[];
}

/**
 * A create or update that reached the service but did not finish: the host answered the state reached
 * (`ErrorResourceInitFailed`), which the engine records as the resource's state.
 */
export class ResourceInitFailure extends Error {
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Props,
    readonly reasons: string[],
  ) {
    super(message);
  }
}

/** The error of a failed call, with the state reached when the host answered one. */
function callError(error: grpc.ServiceError): Error {
  const message = error.details || error.message;
  const [details] = error.metadata?.get("grpc-status-details-bin") ?? [];
  if (!(details instanceof Buffer)) return new Error(message);
  for (const any of statusProto.Status.deserializeBinary(details).getDetailsList()) {
    if (any.getTypeName() !== "pulumirpc.ErrorResourceInitFailed") continue;
    const failure = providerProto.ErrorResourceInitFailed.deserializeBinary(any.getValue_asU8());
    return new ResourceInitFailure(
      message,
      failure.getId(),
      stripProvider(failure.getProperties()),
      failure.getReasonsList(),
    );
  }
  return new Error(message);
}

/**
 * Pulumi's real dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`) in its own process, driven over gRPC
 * the way the engine drives it. Every call carries the kind's serialized `__provider`.
 */
export class DynamicProviderHost implements ProviderDoor {
  readonly ownershipInInputs = true;
  readonly workspace = "organization/idgov-test/dev";
  private readonly providers = new Map<string, string>();

  private constructor(
    private readonly process: ChildProcess,
    private readonly client: providerGrpc.ResourceProviderClient,
    readonly stderr: string[],
  ) {}

  static async start(env: NodeJS.ProcessEnv = {}): Promise<DynamicProviderHost> {
    const child = spawn(process.execPath, [hostScript, "127.0.0.1:1"], {
      cwd: root,
      env: { PATH: process.env.PATH, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const stderr: string[] = [];
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
    const port = await new Promise<string>((resolve, reject) => {
      child.once("exit", (code) =>
        reject(new Error(`dynamic-provider host exited with ${code}: ${stderr.join("")}`)),
      );
      child.stdout?.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    });
    const client = new providerGrpc.ResourceProviderClient(
      `127.0.0.1:${port}`,
      grpc.credentials.createInsecure(),
    );
    return new DynamicProviderHost(child, client, stderr);
  }

  urn(kind: string, name: string): string {
    return `urn:pulumi:dev::idgov-test::pulumi-nodejs:dynamic/idgov:${kind}::${name}`;
  }

  /** The serialized provider of a kind, made once. */
  provider(kind: string): string {
    let text = this.providers.get(kind);
    if (text === undefined) {
      text = serializedProvider(kind);
      this.providers.set(kind, text);
    }
    return text;
  }

  /** Serves `text` as the kind's `__provider` from now on: the one a state written by an earlier release holds. */
  useProvider(kind: string, text: string): void {
    this.providers.set(kind, text);
  }

  private call<Req, Res>(method: string, request: Req): Promise<Res> {
    return new Promise((resolve, reject) => {
      const fn = (this.client as unknown as Record<string, Function>)[method] as Function;
      fn.call(this.client, request, (error: grpc.ServiceError | null, response: Res) =>
        error ? reject(callError(error)) : resolve(response),
      );
    });
  }

  private withProvider(kind: string, props: Props): Struct {
    return Struct.fromJavaScript({ ...props, __provider: this.provider(kind) } as never);
  }

  async configure(config: Record<string, string>): Promise<void> {
    const request = new providerProto.ConfigureRequest();
    request.setArgs(Struct.fromJavaScript(config));
    await this.call("configure", request);
  }

  async check(kind: string, urn: string, olds: Props, news: Props): Promise<CheckAnswer> {
    const request = new providerProto.CheckRequest();
    request.setUrn(urn);
    request.setOlds(Struct.fromJavaScript(olds as never));
    request.setNews(this.withProvider(kind, news));
    const response = await this.call<providerProto.CheckRequest, providerProto.CheckResponse>(
      "check",
      request,
    );
    const failures = response
      .getFailuresList()
      .map((f) => ({ property: f.getProperty(), reason: f.getReason() }));
    const { __provider: _provider, ...inputs } = (response.getInputs()?.toJavaScript() ?? {}) as Props;
    return { inputs, failures };
  }

  async diff(kind: string, urn: string, id: string, olds: Props, news: Props): Promise<DiffAnswer> {
    const request = new providerProto.DiffRequest();
    request.setUrn(urn);
    request.setId(id);
    request.setOlds(this.withProvider(kind, olds));
    request.setNews(this.withProvider(kind, news));
    const response = await this.call<providerProto.DiffRequest, providerProto.DiffResponse>("diff", request);
    const changes = ({ 0: "unknown", 1: "none", 2: "some" } as const)[response.getChanges()] ?? "unknown";
    return { changes, replaces: response.getReplacesList() };
  }

  async create(kind: string, urn: string, inputs: Props): Promise<{ id: string; outputs: Props }> {
    const request = new providerProto.CreateRequest();
    request.setUrn(urn);
    request.setProperties(this.withProvider(kind, inputs));
    const response = await this.call<providerProto.CreateRequest, providerProto.CreateResponse>(
      "create",
      request,
    );
    return { id: response.getId(), outputs: stripProvider(response.getProperties()) };
  }

  async read(
    kind: string,
    urn: string,
    id: string,
    props: Props,
  ): Promise<{ id: string; outputs: Props; inputs: Props | undefined }> {
    const request = new providerProto.ReadRequest();
    request.setUrn(urn);
    request.setId(id);
    request.setProperties(this.withProvider(kind, props));
    const response = await this.call<providerProto.ReadRequest, providerProto.ReadResponse>("read", request);
    return {
      id: response.getId(),
      outputs: stripProvider(response.getProperties()),
      // A read that answers no inputs leaves the engine's inputs as they are.
      inputs: response.hasInputs() ? stripProvider(response.getInputs()) : undefined,
    };
  }

  async update(kind: string, urn: string, id: string, olds: Props, news: Props): Promise<Props> {
    const request = new providerProto.UpdateRequest();
    request.setUrn(urn);
    request.setId(id);
    request.setOlds(this.withProvider(kind, olds));
    request.setNews(this.withProvider(kind, news));
    const response = await this.call<providerProto.UpdateRequest, providerProto.UpdateResponse>(
      "update",
      request,
    );
    return stripProvider(response.getProperties());
  }

  async delete(kind: string, urn: string, id: string, props: Props): Promise<void> {
    const request = new providerProto.DeleteRequest();
    request.setUrn(urn);
    request.setId(id);
    request.setProperties(this.withProvider(kind, props));
    await this.call("delete", request);
  }

  async stop(): Promise<void> {
    this.client.close();
    if (this.process.exitCode === null) {
      const exited = new Promise((resolve) => this.process.once("exit", resolve));
      this.process.kill();
      await exited;
    }
  }
}

function stripProvider(struct: Struct | undefined): Props {
  const { __provider: _provider, ...rest } = (struct?.toJavaScript() ?? {}) as Props;
  return rest;
}
