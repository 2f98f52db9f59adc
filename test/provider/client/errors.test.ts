import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  errorFromResponse,
  IdgovApiError,
  IdgovAuthError,
  IdgovConflictError,
  IdgovError,
  IdgovNotFoundError,
  IdgovRateLimitError,
  IdgovServerError,
  IdgovTransportError,
  IdgovValidationError,
} from "../../../provider/errors";

const base = { requestId: "req-1", method: "GET", path: "/api/v1/apps/a1" };
const rpc = (code: number, message: string) => JSON.stringify({ code, message, details: [] });

describe("errorFromResponse", () => {
  it.each([
    [400, rpc(3, "displayName is required"), IdgovValidationError, "INVALID_ARGUMENT"],
    [401, rpc(16, "invalid access token"), IdgovAuthError, "UNAUTHENTICATED"],
    [403, rpc(7, "feature not enabled"), IdgovAuthError, "PERMISSION_DENIED"],
    [404, rpc(5, "app not found"), IdgovNotFoundError, "NOT_FOUND"],
    [409, rpc(10, "aborted"), IdgovConflictError, "ABORTED"],
    [429, rpc(8, "slow down"), IdgovRateLimitError, "RESOURCE_EXHAUSTED"],
    [500, rpc(13, "boom"), IdgovServerError, "INTERNAL"],
    [503, rpc(14, "try later"), IdgovServerError, "UNAVAILABLE"],
    [502, "<html>bad gateway</html>", IdgovServerError, "UNAVAILABLE"],
    [418, "", IdgovApiError, "UNKNOWN"],
  ])("maps status %i to its class and gRPC name", (status, bodyText, ErrorClass, grpcStatus) => {
    const error = errorFromResponse({ ...base, status, bodyText });
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(IdgovApiError);
    expect(error).toBeInstanceOf(IdgovError);
    expect(error.constructor).toBe(ErrorClass);
    expect(error.grpcStatus).toBe(grpcStatus);
    expect(error.name).toBe(ErrorClass.name);
  });

  it("formats the message as `<METHOD path>: <status> <GRPC_NAME>: <server message> (request id <id>)`", () => {
    const error = errorFromResponse({ ...base, status: 404, bodyText: rpc(5, 'app "a1" not found') });
    expect(error.message).toBe('GET /api/v1/apps/a1: 404 NOT_FOUND: app "a1" not found (request id req-1)');
    expect(String(error)).toBe(`IdgovNotFoundError: ${error.message}`);
  });

  it("names the operation instead of the request when given one, and drops an absent request id", () => {
    const error = errorFromResponse({
      ...base,
      requestId: undefined,
      operation: "update App a1",
      status: 409,
      bodyText: rpc(6, "exists"),
    });
    expect(error.message).toBe("update App a1: 409 ALREADY_EXISTS: exists");
  });

  it("uses the body's gRPC code over the one implied by the status", () => {
    const error = errorFromResponse({ ...base, status: 400, bodyText: rpc(9, "precondition") });
    expect([error.grpcCode, error.grpcStatus]).toEqual([9, "FAILED_PRECONDITION"]);
  });

  it("keeps the first 200 characters of a body that is not JSON, and says so when it is empty", () => {
    expect(errorFromResponse({ ...base, status: 502, bodyText: "x".repeat(300) }).serverMessage).toBe(
      "x".repeat(200),
    );
    expect(errorFromResponse({ ...base, status: 502, bodyText: "" }).serverMessage).toBe("(no message)");
  });

  it("carries Retry-After on a rate-limit error", () => {
    const error = errorFromResponse({ ...base, status: 429, bodyText: rpc(8, "slow"), retryAfterMs: 2000 });
    expect((error as IdgovRateLimitError).retryAfterMs).toBe(2000);
  });

  it("redacts the secrets it is given, and bearer tokens, from the server message", () => {
    const error = errorFromResponse({
      ...base,
      status: 400,
      bodyText: rpc(3, "bad secret sekrit-123 in Bearer abc.def"),
      secrets: ["sekrit-123"],
    });
    expect(error.serverMessage).toBe("bad secret [REDACTED] in Bearer [REDACTED]");
  });
});

describe("error serialisation", () => {
  it("shows only the safe fields in JSON and inspect output", () => {
    const error = errorFromResponse({
      ...base,
      status: 404,
      bodyText: rpc(5, "gone"),
      operation: "read App a1",
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "IdgovNotFoundError",
      message: "read App a1: 404 NOT_FOUND: gone (request id req-1)",
      status: 404,
      grpcCode: 5,
      grpcStatus: "NOT_FOUND",
      serverMessage: "gone",
      method: "GET",
      path: "/api/v1/apps/a1",
      requestId: "req-1",
      operation: "read App a1",
      fromService: true,
      namedObjects: [],
    });
    expect(inspect(error)).toContain("requestId: 'req-1'");
  });

  it("says whether a transport failure may have executed the request", () => {
    const error = new IdgovTransportError({
      method: "POST",
      path: "/api/v1/apps",
      code: "UND_ERR_SOCKET",
      reason: "connection closed by the other side",
      ambiguous: true,
    });
    expect(error.message).toBe(
      "POST /api/v1/apps: connection closed by the other side (UND_ERR_SOCKET); the request may have reached the service and been executed",
    );
    expect(error.toJSON()).toMatchObject({ ambiguous: true, code: "UND_ERR_SOCKET" });
  });
});
