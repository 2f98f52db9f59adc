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
  /** The fault injected into this request, when there was one. */
  fault?: InjectedFault;
}

/** Every request under /api/ and /auth/ since start or the last clear. */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  /** Starts an entry; its status is filled in when the answer is known. */
  begin(entry: Omit<LoggedRequest, "status">): LoggedRequest {
    const logged: LoggedRequest = { ...entry, status: 0 };
    this.entries.push(logged);
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
