/**
 * An error a door answers with a status of its own (`UNIMPLEMENTED`, `INVALID_ARGUMENT`, as gRPC names them) rather
 * than as an unknown failure: the call names something the service does not do, or asks it wrongly.
 */
export class StatusError extends Error {
  constructor(
    message: string,
    readonly status: "UNIMPLEMENTED" | "INVALID_ARGUMENT",
  ) {
    super(message);
    this.name = "StatusError";
  }
}
