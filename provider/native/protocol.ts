/**
 * The gRPC runtime and Pulumi's protocol stubs, loaded through @pulumi/pulumi's own copies: the stubs build their
 * Struct values with the google-protobuf @pulumi/pulumi resolves, so the plugin must use that copy too, and
 * @grpc/grpc-js must be the one the stubs register their service with.
 */
import { createRequire } from "node:module";
import type * as GrpcModule from "@grpc/grpc-js";
import type * as EngineGrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as EngineProto from "@pulumi/pulumi/proto/engine_pb";
import type * as PluginProto from "@pulumi/pulumi/proto/plugin_pb";
import type * as ProviderGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as ProviderProto from "@pulumi/pulumi/proto/provider_pb";
import type * as StatusProto from "@pulumi/pulumi/proto/status_pb";
import type * as AnyProto from "google-protobuf/google/protobuf/any_pb";
import type * as EmptyProto from "google-protobuf/google/protobuf/empty_pb";
import type * as StructProto from "google-protobuf/google/protobuf/struct_pb";

const fromPulumi = createRequire(require.resolve("@pulumi/pulumi/package.json"));

export const grpc = fromPulumi("@grpc/grpc-js") as typeof GrpcModule;
export const structProto = fromPulumi("google-protobuf/google/protobuf/struct_pb") as typeof StructProto;
export const emptyProto = fromPulumi("google-protobuf/google/protobuf/empty_pb") as typeof EmptyProto;
export const anyProto = fromPulumi("google-protobuf/google/protobuf/any_pb") as typeof AnyProto;
export const providerProto = fromPulumi("./proto/provider_pb") as typeof ProviderProto;
export const providerGrpc = fromPulumi("./proto/provider_grpc_pb") as typeof ProviderGrpc;
export const pluginProto = fromPulumi("./proto/plugin_pb") as typeof PluginProto;
export const statusProto = fromPulumi("./proto/status_pb") as typeof StatusProto;
export const engineProto = fromPulumi("./proto/engine_pb") as typeof EngineProto;
export const engineGrpc = fromPulumi("./proto/engine_grpc_pb") as typeof EngineGrpc;

export type Struct = StructProto.Struct;
export type { EngineProto, ProviderProto };
