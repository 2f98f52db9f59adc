import { errorFromResponse } from "../errors/from-response";
import { IdgovResponseSchemaError, type ResponseIssue } from "../errors/response-schema-error";
import { IdgovTransportError } from "../errors/transport-error";
import { redact, redactError } from "../errors/redact";
import { parseRetryAfter } from "./retry";
import type { TransportFailure, WireResponse } from "./transport";

/** What a request was, for its errors. */
export interface RequestLabel {
  method: string;
  path: string;
  operation?: string | undefined;
}

const MAX_REPORTED_ISSUES = 5;

/** Builds the client's errors with every secret it knows scrubbed from their text. */
export class ClientErrors {
  /** `secrets` is shared with the client, which adds the tokens it fetches. */
  constructor(
    private readonly secrets: (string | undefined)[],
    private readonly now: () => number,
  ) {}

  /** The error for a non-2xx answer; `messages` replace the server's message for the statuses they name. */
  response(response: WireResponse, label: RequestLabel, messages: Record<number, string | undefined> = {}) {
    return errorFromResponse({
      status: response.status,
      bodyText: response.bodyText,
      requestId: response.requestId,
      ...label,
      retryAfterMs: parseRetryAfter(response.retryAfter, this.now()),
      messageOverride: messages[response.status],
      secrets: this.secrets,
    });
  }

  /** The error for a request to `host` that got no answer; `hint` says what to check. */
  transport(
    failure: Pick<TransportFailure, "code" | "reason" | "ambiguous" | "cause">,
    label: RequestLabel,
    host: string,
    hint?: string,
  ) {
    return new IdgovTransportError({
      method: label.method,
      path: redact(label.path, this.secrets),
      host,
      operation: label.operation === undefined ? undefined : redact(label.operation, this.secrets),
      code: failure.code,
      reason: redact(failure.reason, this.secrets),
      ambiguous: failure.ambiguous,
      hint: hint === undefined ? undefined : redact(hint, this.secrets),
      cause: redactError(failure.cause),
    });
  }

  /** The error for an answer that is not JSON or not of the expected shape (never the body itself). */
  schema(
    label: RequestLabel,
    requestId: string | undefined,
    issues: readonly { path: readonly PropertyKey[]; message: string }[],
    pathPrefix?: string,
  ): IdgovResponseSchemaError {
    const reported: ResponseIssue[] = issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => ({
      path:
        [pathPrefix, ...issue.path.map(String)].filter((part) => part !== undefined).join(".") || "(root)",
      message: redact(issue.message, this.secrets),
    }));
    return new IdgovResponseSchemaError({ ...label, requestId, issues: reported });
  }
}
