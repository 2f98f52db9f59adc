import type * as grpcTypes from "@grpc/grpc-js";
import { grpc } from "./protocol";

/** gRPC's standard health service, which the engine's server answers (`grpc.health.v1.Health`). */
const HEALTH_CHECK = "/grpc.health.v1.Health/Check";
/** How long a check of a running engine may take: it answers in milliseconds, even in a busy run. */
const CHECK_TIMEOUT_MS = 10_000;
/** A lost connection is judged by a second check this long after a failed first one. */
const RECHECK_DELAY_MS = 1_000;

/**
 * Asks the engine at the other end of `client` whether it serves, with the request empty (any service). Resolves
 * when a gRPC server answers, `UNIMPLEMENTED` included (a server without the health service is alive, as the Go
 * SDK's plugins judge it); rejects with the call's error otherwise.
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
      (error) => (error && error.code !== grpc.status.UNIMPLEMENTED ? reject(error) : resolve()),
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
