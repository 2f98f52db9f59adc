import type * as grpcTypes from "@grpc/grpc-js";
import { ResourceInitError } from "../service/codecSupport";
import { redactError } from "../service/codecSupport";
import { anyProto, grpc, providerProto, statusProto } from "./protocol";
import { StatusError } from "../service/statusError";
import { wrapStruct } from "./values";

/** A handler of one unary call, on the request message, answering the response message. */
export type Handler<Req, Res> = (request: Req) => Res | Promise<Res>;

/**
 * The gRPC error for a failed call, its message redacted. A write that reached the service but did not finish
 * carries the state reached (`ErrorResourceInitFailed`), which the engine records, so nothing created is lost.
 */
export function grpcError(
  error: unknown,
  secretKeys: Iterable<string> = [],
): Partial<grpcTypes.StatusObject> {
  const redacted = redactError(error);
  const message = redacted instanceof Error ? redacted.message : String(redacted);
  const metadata = new grpc.Metadata();
  if (redacted instanceof ResourceInitError) {
    const detail = new providerProto.ErrorResourceInitFailed();
    detail.setId(redacted.id);
    detail.setProperties(wrapStruct(redacted.properties, secretKeys));
    detail.setReasonsList(redacted.reasons);
    const details = new anyProto.Any();
    details.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusProto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(details);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  const code = redacted instanceof StatusError ? grpc.status[redacted.status] : grpc.status.UNKNOWN;
  return { code, details: message, metadata };
}

/**
 * Wraps a handler as a grpc-js server-streaming implementation: the messages it answers are sent in order, then the
 * stream ends; an error ends it with its status, redacted.
 */
export function serverStreaming<Req, Res>(
  handler: Handler<Req, readonly Res[]>,
): grpcTypes.handleServerStreamingCall<Req, Res> {
  return (call) => {
    Promise.resolve()
      .then(() => handler(call.request))
      .then(
        (messages) => {
          for (const message of messages) call.write(message);
          call.end();
        },
        (error: unknown) => call.emit("error", grpcError(error)),
      );
  };
}

/** Wraps a handler as a grpc-js unary implementation: errors go back redacted, never thrown into the server. */
export function unary<Req, Res>(
  handler: Handler<Req, Res>,
  secretKeysOf: (request: Req) => Iterable<string> = () => [],
): grpcTypes.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => handler(call.request))
      .then(
        (response) => callback(null, response),
        (error: unknown) =>
          callback(
            grpcError(
              error,
              safely(() => secretKeysOf(call.request)),
            ),
            null,
          ),
      );
  };
}

function safely(keys: () => Iterable<string>): Iterable<string> {
  try {
    return keys();
  } catch {
    return [];
  }
}
