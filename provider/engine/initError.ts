import { IdgovError } from "../errors/idgov-error";

/**
 * A write that reached the service but did not finish. Pulumi's dynamic-provider host records `id` and
 * `properties` as the resource's state, so nothing created is lost and the next run finishes the work. `cause` is
 * what stopped it (a failed request, an {@link IdgovOwnershipError} for an object claimed during the write).
 */
export class ResourceInitError extends IdgovError {
  readonly reasons: string[];

  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.reasons = [message];
  }
}
