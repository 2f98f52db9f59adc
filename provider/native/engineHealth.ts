import type * as grpcTypes from "@grpc/grpc-js";
import { grpc } from "./protocol";

/** gRPC's standard health service, which the engine's server answers (`grpc.health.v1.Health`). */
const HEALTH_CHECK = "/grpc.health.v1.Health/Check";
/** How long a check of a running engine may take: it answers in milliseconds, even in a busy run. */
const CHECK_TIMEOUT_MS = 10_000;
/** A lost connection is judged by a second check this long after a failed first one. */
const RECHECK_DELAY_MS = 1_000;

/**
 * What grpc-js says of an answer whose HTTP status is not 200: a web server that is not a gRPC server. It maps a 404
 * to `UNIMPLEMENTED`, which must not pass for a gRPC server without the health service.
 */
const NOT_GRPC_ANSWER = /^Received HTTP status code \d+/;

/**
 * Asks the engine at the other end of `client` whether it serves, with the request empty (any service). Resolves
 * when a gRPC server answers, its own `UNIMPLEMENTED` included (a server without the health service is alive, as the
 * Go SDK's plugins judge it); rejects with the call's error otherwise, and when the answer is not gRPC at all (some
 * other HTTP/2 server, answering 404).
 */
export function checkEngine(client: grpcTypes.Client, timeoutMs = CHECK_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(
      HEALTH_CHECK,
      () => Buffer.alloc(0),
      (bytes: Buffer) => bytes,
      {},
      new grpc.Metadata(),
      { deadline: Date.now() + timeoutMs },
      (error) => {
        const grpcAnswer = error?.code === grpc.status.UNIMPLEMENTED && !NOT_GRPC_ANSWER.test(error.details);
        return error && !grpcAnswer ? reject(error) : resolve();
      },
    );
  });
}

/** Whether the engine still answers: two checks a second apart must both fail for it to be gone. */
async function engineAnswers(client: grpcTypes.Client): Promise<boolean> {
  for (const delay of [0, RECHECK_DELAY_MS]) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    if (
      await checkEngine(client).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

/**
 * Calls `onGone` once when the engine behind `client` goes away. The connection is watched, not polled: when it
 * leaves READY (the engine's process ended, or the channel went idle), the engine is asked whether it still serves,
 * which also reconnects a channel that only went idle.
 */
export function watchEngine(client: grpcTypes.Client, onGone: () => void): void {
  const channel = client.getChannel();
  const { IDLE, TRANSIENT_FAILURE, SHUTDOWN } = grpc.connectivityState;
  const watch = (from: grpcTypes.connectivityState) => {
    channel.watchConnectivityState(from, Infinity, () => {
      const now = channel.getConnectivityState(false);
      if (now === SHUTDOWN) return;
      if (now !== IDLE && now !== TRANSIENT_FAILURE) return watch(now);
      void engineAnswers(client).then((answers) => {
        if (!answers) return onGone();
        const state = channel.getConnectivityState(false);
        if (state !== SHUTDOWN) watch(state);
      });
    });
  };
  watch(channel.getConnectivityState(false));
}
