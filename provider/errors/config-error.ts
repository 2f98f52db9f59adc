import { IdgovError } from "./idgov-error";

/** A provider setting is missing or malformed. The message names the key and how to set it. */
export class IdgovConfigError extends IdgovError {
  /** The stack config key at fault, e.g. `idgov:baseUrl`, when one key is. */
  readonly key: string | undefined;

  constructor(message: string, key?: string) {
    super(message);
    this.key = key;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), key: this.key };
  }
}
