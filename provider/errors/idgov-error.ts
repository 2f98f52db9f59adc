/**
 * Base class of every error this package throws. Its message, stack, `toString()`, `toJSON()` and
 * `util.inspect` output never hold a token, client secret or `Authorization` header: subclasses
 * receive already-redacted text and expose only the safe fields listed by {@link IdgovError.toJSON}.
 */
export class IdgovError extends Error {
  constructor(message: string) {
    super(message);
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
