import type { IncomingMessage } from "node:http";
import { badRequest, type ApiError } from "./errors";

/** Largest body the emulator reads. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** Reads the whole body of a request (rejects past {@link MAX_BODY_BYTES}). */
export async function readRawBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw badRequest(`request body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** A parsed body: the value for the handler, the value for the request log, or the 400 to answer. */
export interface ParsedBody {
  value: unknown;
  logged: unknown;
  error: ApiError | undefined;
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Parses a JSON API body: empty means `{}`; anything else must be `application/json` and an object. */
export function parseJsonBody(raw: Buffer, contentType: string | undefined): ParsedBody {
  const text = raw.toString("utf8");
  if (text.trim() === "") return { value: {}, logged: null, error: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      value: undefined,
      logged: null,
      error: badRequest(`malformed JSON body: ${(error as Error).message}`),
    };
  }
  if (mediaType(contentType) !== "application/json") {
    return {
      value: undefined,
      logged: value,
      error: badRequest(`unsupported Content-Type "${contentType ?? ""}": send application/json`),
    };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { value: undefined, logged: value, error: badRequest("invalid body: expected a JSON object") };
  }
  return { value, logged: value, error: undefined };
}

/** Parses the token endpoint's form body; the log copy hides the secret, the client assertion and the subject token. */
export function parseFormBody(
  raw: Buffer,
  contentType: string | undefined,
): { form: URLSearchParams; logged: Record<string, string>; error: ApiError | undefined } {
  const form = new URLSearchParams(raw.toString("utf8"));
  const logged = Object.fromEntries(form);
  for (const name of ["client_secret", "client_assertion", "subject_token"]) {
    if (logged[name] !== undefined) logged[name] = "[redacted]";
  }
  const error =
    mediaType(contentType) === "application/x-www-form-urlencoded"
      ? undefined
      : badRequest(
          `unsupported Content-Type "${contentType ?? ""}": the token request is application/x-www-form-urlencoded`,
        );
  return { form, logged, error };
}
