import { IdgovResponseSchemaError, IdgovServerError, IdgovTransportError } from "../errors";

/**
 * Whether a failed write may still have been carried out: the connection broke after the request was sent, it timed
 * out, the server failed (5xx), or it answered 2xx with something unreadable (an HTML page, `{}`, truncated JSON, a
 * shape the schema refuses). Creating again blindly could then make a second object.
 */
export function isAmbiguousWriteFailure(error: unknown): boolean {
  if (error instanceof IdgovTransportError) return error.ambiguous;
  return error instanceof IdgovServerError || error instanceof IdgovResponseSchemaError;
}
