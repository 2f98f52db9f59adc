import { ResourceInitError } from "../service/codecSupport";
import { redactError } from "../service/codecSupport";
import type { Call, CallStatus } from "./grpcServer";
import { anyProto, grpc, providerProto, statusProto } from "./protocol";
import { StatusError } from "../service/statusError";
import { wrapStruct } from "./values";

/** A handler of one unary call, on the request message, answering the response message. */
export type Handler<Req, Res> = (request: Req) => Res | Promise<Res>;

/**
 * The gRPC status of a failed call, its message redacted. A write that reached the service but did not finish
 * carries the state reached (`ErrorResourceInitFailed`), which the engine records, so nothing created is lost.
 */
export function grpcError(error: unknown, secretKeys: Iterable<string> = []): CallStatus {
  const redacted = redactError(error);
  const message = redacted instanceof Error ? redacted.message : String(redacted);
  const code = redacted instanceof StatusError ? grpc.status[redacted.status] : grpc.status.UNKNOWN;
  if (!(redacted instanceof ResourceInitError)) return { code, details: message };
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
  return { code, details: message, statusDetails: status.serializeBinary() };
}

/** A server-streaming call: the messages the handler answers are sent in order; an error ends it, redacted. */
export function serverStreaming<Req, Res>(handler: Handler<Req, readonly Res[]>): Call {
  return (request) =>
    Promise.resolve()
      .then(() => handler(request as Req))
      .then(
        (messages) => ({ messages }),
        (error: unknown) => ({ status: grpcError(error) }),
      );
}

/** A unary call: errors go back redacted, never thrown into the server. */
export function unary<Req, Res>(
  handler: Handler<Req, Res>,
  secretKeysOf: (request: Req) => Iterable<string> = () => [],
): Call {
  return (request) =>
    Promise.resolve()
      .then(() => handler(request as Req))
      .then(
        (response) => ({ messages: [response] }),
        (error: unknown) => ({
          status: grpcError(
            error,
            safely(() => secretKeysOf(request as Req)),
          ),
        }),
      );
}

function safely(keys: () => Iterable<string>): Iterable<string> {
  try {
    return keys();
  } catch {
    return [];
  }
}
