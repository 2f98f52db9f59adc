/**
 * A write that reached the service but did not finish. Pulumi's dynamic-provider host records `id` and
 * `properties` as the resource's state, so nothing created is lost and the next run finishes the work.
 */
export class ResourceInitError extends Error {
  override readonly name = "ResourceInitError";
  readonly reasons: string[];

  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
  ) {
    super(message);
    this.reasons = [message];
  }
}
