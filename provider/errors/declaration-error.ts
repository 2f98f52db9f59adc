import { IdgovError } from "./idgov-error";

/**
 * A program declares what the tenant cannot hold, e.g. a settings singleton twice. Thrown in the program process,
 * before any request; the message names the kind, the resources and the rule.
 */
export class IdgovDeclarationError extends IdgovError {
  /** The kind at fault, e.g. `SsoSettings`. */
  readonly kind: string;

  constructor(kind: string, message: string) {
    super(message);
    this.kind = kind;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), kind: this.kind };
  }
}

/** The rule a program breaks by declaring a settings singleton more than once, naming each declaration. */
export function duplicateSingletonMessage(kind: string, names: readonly string[]): string {
  const quoted = names.map((name) => `"${name}"`).join(", ");
  return (
    `${kind} is one per tenant, but this program declares it ${names.length} times (${quoted}): ` +
    `declare it once`
  );
}
