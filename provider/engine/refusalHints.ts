import { IdgovApiError } from "../errors/api-error";
import { withHint } from "../errors/with-hint";
import type { KindApi } from "./kind";

/** What a kind adds to the service's refusal of a write, from the service's message; undefined for nothing. */
export type RefusalHint = (serverMessage: string) => string | undefined;

/** A refusal: the service's own 400 or 404, in its error shape (not a gateway's page). */
function isRefusal(error: unknown): error is IdgovApiError {
  return (
    error instanceof IdgovApiError && error.fromService && (error.status === 400 || error.status === 404)
  );
}

/**
 * A kind's calls whose creates and updates, when the service refuses them, fail with the kind's hint after the
 * service's message (see {@link withHint}); every other error, and every other call, as they are.
 */
export function withRefusalHints(api: KindApi, hintOf: RefusalHint): KindApi {
  const explained = (error: unknown): unknown => {
    if (!isRefusal(error)) return error;
    const hint = hintOf(error.serverMessage);
    return hint === undefined ? error : withHint(error, hint);
  };
  const { create, update } = api;
  return {
    ...api,
    update: (client, id, entity, mask) =>
      update(client, id, entity, mask).catch((error: unknown) => Promise.reject(explained(error))),
    ...(create && {
      create: (client, body, inputs) =>
        create(client, body, inputs).catch((error: unknown) => Promise.reject(explained(error))),
    }),
  };
}
