import type { InjectedFault } from "./faults";

/** One API request as seen by the emulator (`GET /__emulator/requests`). */
export interface LoggedRequest {
  method: string;
  /** Path as sent, without the query string. */
  path: string;
  /** Query parameters (the last value wins when a name repeats). */
  query: Record<string, string>;
  /** Parsed JSON body (form bodies as an object, secrets redacted), or null. */
  body: unknown;
  /** HTTP status answered; 0 when the connection was reset before an answer. */
  status: number;
  /** The `x-request-id` of the answer (also set when no answer was sent). */
  requestId: string;
  /** When the request arrived, in epoch milliseconds. */
  at: number;
  /** The fault injected into this request, when there was one. */
  fault?: InjectedFault;
}

/** Most entries kept; the oldest go first. */
export const MAX_LOGGED_REQUESTS = 2000;
/** Largest body kept, as JSON text; a larger one is logged as `{ "[truncated]": <bytes> }`. */
export const MAX_LOGGED_BODY_CHARS = 64 * 1024;

/** Member names whose values the log never shows: names ending in secret, password, token… (`oidcClientSecret`, `subject_token`), not `defaultAssertionLifetime`. */
const SECRET_MEMBER = /(secret|password|token|assertion|credential|authorization)$/i;

/** A body with every secret-named member's value replaced by `[redacted]`, at any depth. */
function redactedBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactedBody);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_MEMBER.test(key) && !key.endsWith("_type") && item !== null && item !== ""
        ? "[redacted]"
        : redactedBody(item),
    ]),
  );
}

/**
 * Every request under /api/ and /auth/ since start or the last clear, at most {@link MAX_LOGGED_REQUESTS} of them,
 * bodies redacted (secret-named members) and cut at {@link MAX_LOGGED_BODY_CHARS}.
 */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  /** Starts an entry; its status is filled in when the answer is known. */
  begin(entry: Omit<LoggedRequest, "status" | "at">): LoggedRequest {
    const body = redactedBody(entry.body);
    const size = body === null ? 0 : JSON.stringify(body).length;
    const kept = size > MAX_LOGGED_BODY_CHARS ? { "[truncated]": size } : body;
    const logged: LoggedRequest = { ...entry, body: kept, status: 0, at: Date.now() };
    this.entries.push(logged);
    if (this.entries.length > MAX_LOGGED_REQUESTS)
      this.entries.splice(0, this.entries.length - MAX_LOGGED_REQUESTS);
    return logged;
  }

  /** A copy of every entry, oldest first. */
  list(): LoggedRequest[] {
    return this.entries.map((entry) => ({ ...entry }));
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries = [];
  }
}
