import { describe, expect, it } from "vitest";
import {
  errorFromResponse,
  IdgovResponseSchemaError,
  IdgovServerError,
  IdgovTransportError,
} from "../../../provider/errors";
import { withOperation } from "../../../provider/errors/with-operation";

const token = { method: "POST", path: "/auth/v1/token" };
const rpc = (code: number, message: string) => JSON.stringify({ code, message, details: [] });

describe("withOperation: a token request's error names the operation that needed the token", () => {
  it.each([
    [
      errorFromResponse({
        ...token,
        status: 503,
        bodyText: rpc(14, "try later"),
        requestId: "r-1",
        retryAfterMs: 2000,
      }),
      "create App payroll: POST /auth/v1/token: 503 UNAVAILABLE: try later (request id r-1)",
    ],
    [
      new IdgovTransportError({ ...token, code: "ECONNRESET", reason: "connection reset", ambiguous: true }),
      "create App payroll: POST /auth/v1/token: connection reset (ECONNRESET); the request may have reached the service and been executed",
    ],
    [
      new IdgovResponseSchemaError({
        ...token,
        requestId: "r-2",
        issues: [{ path: "access_token", message: "required" }],
      }),
      "create App payroll: POST /auth/v1/token: unexpected response: access_token: required (request id r-2)",
    ],
  ])("%#: keeps the class and fields, prefixes the message", (error, message) => {
    const labelled = withOperation(error, "create App payroll") as Error;
    expect(labelled.message).toBe(message);
    expect(labelled.constructor).toBe(error.constructor);
    expect(labelled).not.toBe(error);
    expect(error.message).not.toContain("payroll");
  });

  it("keeps the Retry-After of a 503", () => {
    const error = errorFromResponse({
      ...token,
      status: 503,
      bodyText: "",
      requestId: undefined,
      retryAfterMs: 2000,
    });
    expect((withOperation(error, "read App a") as IdgovServerError).retryAfterMs).toBe(2000);
  });

  it("answers other errors as they are", () => {
    const error = new Error("not ours");
    expect(withOperation(error, "read App a")).toBe(error);
  });
});
