/** An error answered with a gRPC status of its own (`UNIMPLEMENTED`, `INVALID_ARGUMENT`) rather than `UNKNOWN`. */
export class RpcStatusError extends Error {
  constructor(
    message: string,
    readonly status: "UNIMPLEMENTED" | "INVALID_ARGUMENT",
  ) {
    super(message);
    this.name = "RpcStatusError";
  }
}
