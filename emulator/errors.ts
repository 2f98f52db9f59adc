/** gRPC status codes used by the service, with their HTTP mapping (reference section 3). */
export const GRPC_CODE = {
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  ABORTED: 10,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;

/** One of the gRPC codes the emulator answers. */
export type GrpcCode = (typeof GRPC_CODE)[keyof typeof GRPC_CODE];

/** The `google.rpc.Status` JSON body every non-200 answer carries. */
export interface RpcStatus {
  code: number;
  message: string;
  details: unknown[];
}

/** An error that becomes an HTTP answer with a `google.rpc.Status` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: GrpcCode;
  readonly headers: Record<string, string>;

  constructor(status: number, code: GrpcCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  /** The JSON body of this error. */
  toStatus(): RpcStatus {
    return { code: this.code, message: this.message, details: [] };
  }
}

/** 400 INVALID_ARGUMENT. */
export function badRequest(message: string): ApiError {
  return new ApiError(400, GRPC_CODE.INVALID_ARGUMENT, message);
}

/** 401 UNAUTHENTICATED. */
export function unauthenticated(message: string): ApiError {
  return new ApiError(401, GRPC_CODE.UNAUTHENTICATED, message);
}

/** 403 PERMISSION_DENIED. */
export function permissionDenied(message: string): ApiError {
  return new ApiError(403, GRPC_CODE.PERMISSION_DENIED, message);
}

/** 404 NOT_FOUND. */
export function notFound(message: string): ApiError {
  return new ApiError(404, GRPC_CODE.NOT_FOUND, message);
}

/** 405, answered with the gRPC code UNIMPLEMENTED and an `Allow` header. */
export function methodNotAllowed(method: string, path: string, allowed: string[]): ApiError {
  return new ApiError(405, GRPC_CODE.UNIMPLEMENTED, `method ${method} is not allowed on ${path}`, {
    allow: allowed.join(", "),
  });
}

/** An injected fault answered as an error (400, 429, 500 or 503). */
export function injectedFault(status: 400 | 429 | 500 | 503, retryAfterSeconds: number): ApiError {
  if (status === 400)
    return new ApiError(400, GRPC_CODE.INVALID_ARGUMENT, "invalid argument (injected fault)");
  if (status === 429) {
    return new ApiError(429, GRPC_CODE.RESOURCE_EXHAUSTED, "rate limit exceeded, retry later", {
      "retry-after": String(retryAfterSeconds),
    });
  }
  if (status === 503) {
    return new ApiError(503, GRPC_CODE.UNAVAILABLE, "service temporarily unavailable", {
      "retry-after": String(retryAfterSeconds),
    });
  }
  return new ApiError(500, GRPC_CODE.INTERNAL, "internal error");
}
