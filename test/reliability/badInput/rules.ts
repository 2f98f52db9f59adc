type Props = Record<string, unknown>;

/** One invalid program: what a user writes, and the check failures it must get (property, then rule). */
export interface BadInput {
  readonly kind: string;
  readonly rule: string;
  readonly program: Props;
  readonly failures: readonly (readonly [property: string, reason: string])[];
}

/** Rows of one kind: `row(rule, program overrides, ...failures)`, on top of a valid base program. */
export function rowsOf(kind: string, base: Props) {
  return (rule: string, program: Props, ...failures: [string, string][]): BadInput => ({
    kind,
    rule,
    program: { ...base, ...program },
    failures,
  });
}

export const KEY_PATTERN = "^[A-Za-z][A-Za-z0-9._/-]{0,127}$";

/** The rule an annotation value with a character that is not URL-safe breaks. */
export function unsafe(character: string): string {
  return `annotation "team" value has a character that is not URL-safe ASCII: ${JSON.stringify(character)}`;
}

/** The rule an enumeration value without its enumeration's prefix breaks. */
export function prefixRule(prefix: string, value: string): string {
  return `must be an enumeration value starting with ${prefix} (got ${JSON.stringify(value)})`;
}
