import { IdgovError } from "./idgov-error";

/** A lookup was called with a missing, empty, unknown or malformed argument. Thrown before any request. */
export class IdgovArgumentError extends IdgovError {
  /** The lookup, e.g. `listMcpResources`. */
  readonly lookup: string;
  /** The argument at fault, e.g. `connectorId` or `statuses.1`. */
  readonly argument: string;

  constructor(lookup: string, argument: string, problem: string) {
    super(`${lookup}: ${argument} ${problem}`);
    this.lookup = lookup;
    this.argument = argument;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), lookup: this.lookup, argument: this.argument };
  }
}
