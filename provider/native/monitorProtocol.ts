/**
 * The engine's resource monitor and the error detail of a refused input, as Pulumi's protocol stubs define them:
 * loaded with the first `Construct`, never at start-up, through @pulumi/pulumi's own copies (see protocol.ts).
 */
import { createRequire } from "node:module";
import type * as ErrorsProto from "@pulumi/pulumi/proto/errors_pb";
import type * as ResourceGrpc from "@pulumi/pulumi/proto/resource_grpc_pb";
import type * as ResourceProto from "@pulumi/pulumi/proto/resource_pb";

const fromPulumi = createRequire(require.resolve("@pulumi/pulumi/package.json"));

export const resourceProto = fromPulumi("./proto/resource_pb") as typeof ResourceProto;
export const resourceGrpc = fromPulumi("./proto/resource_grpc_pb") as typeof ResourceGrpc;
export const errorsProto = fromPulumi("./proto/errors_pb") as typeof ErrorsProto;

export type { ResourceProto };
