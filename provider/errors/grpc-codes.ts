/** Names of the gRPC status codes (google.rpc.Code), indexed by number. */
export const GRPC_CODE_NAMES: Readonly<Record<number, string>> = {
  0: "OK",
  1: "CANCELLED",
  2: "UNKNOWN",
  3: "INVALID_ARGUMENT",
  4: "DEADLINE_EXCEEDED",
  5: "NOT_FOUND",
  6: "ALREADY_EXISTS",
  7: "PERMISSION_DENIED",
  8: "RESOURCE_EXHAUSTED",
  9: "FAILED_PRECONDITION",
  10: "ABORTED",
  11: "OUT_OF_RANGE",
  12: "UNIMPLEMENTED",
  13: "INTERNAL",
  14: "UNAVAILABLE",
  15: "DATA_LOSS",
  16: "UNAUTHENTICATED",
};

/** The gRPC code a gateway gives an HTTP status when the body carries none (reference section 3). */
export const GRPC_CODE_FOR_HTTP_STATUS: Readonly<Record<number, number>> = {
  400: 3,
  401: 16,
  403: 7,
  404: 5,
  408: 4,
  409: 6,
  429: 8,
  500: 13,
  501: 12,
  502: 14,
  503: 14,
  504: 4,
};

/** The name of a gRPC code, or `CODE_<n>` for a number outside the table. */
export function grpcCodeName(code: number): string {
  return GRPC_CODE_NAMES[code] ?? `CODE_${code}`;
}
