/**
 * Base class of every error this package throws. Its message, stack, `toString()`, `toJSON()` and
 * `util.inspect` output never hold a token, client secret or `Authorization` header: subclasses
 * receive already-redacted text and expose only the safe fields listed by {@link IdgovError.toJSON}.
 * When another error caused it (a network failure, a failed lookup), that error is its `cause`.
 */
export class IdgovError extends Error {
  // Not `ErrorOptions`: the published types must compile under libs older than ES2022.
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : options);
    Object.defineProperty(this, "name", {
      value: new.target.name,
      enumerable: false,
      configurable: true,
      writable: true,
    });
  }

  /** The fields safe to log or serialise. Subclasses extend it. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message };
  }
}
