type Props = Record<string, unknown>;

/** Where a resource lives, as its stamps name it: its stack's workspace and its URN. */
export interface Stamps {
  readonly workspace: string;
  readonly resourceAddress: string;
}

/** The reason of a failure: fixed, or one that counts the stamps of the resource (which differ between the doors). */
export type Reason = string | ((stamps: Stamps) => string);

/** One invalid program: what a user writes, and the check failures it must get (property, then rule). */
export interface BadInput {
  readonly kind: string;
  readonly rule: string;
  readonly program: Props;
  readonly failures: readonly (readonly [property: string, reason: Reason])[];
}

/** The failures a bad input must get for a resource with these stamps. */
export function failuresFor(input: BadInput, stamps: Stamps): [string, string][] {
  return input.failures.map(([property, reason]) => [
    property,
    typeof reason === "string" ? reason : reason(stamps),
  ]);
}

/**
 * The rule annotations over 4096 bytes break. Their size counts the stamped workspace and resource address:
 * `otherBytes` is the rest (the program's annotations, the other stamps and the JSON around them).
 */
export function oversizeRule(otherBytes: number): Reason {
  return ({ workspace, resourceAddress }) =>
    `annotations serialize to ${otherBytes + workspace.length + resourceAddress.length} bytes; the limit is 4096`;
}

/** Rows of one kind: `row(rule, program overrides, ...failures)`, on top of a valid base program. */
export function rowsOf(kind: string, base: Props) {
  return (rule: string, program: Props, ...failures: [string, Reason][]): BadInput => ({
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
