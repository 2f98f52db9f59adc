import { invalidBody } from "./validation";

/**
 * What a request enumeration accepts: every member, when the spec lists them all (sort direction,
 * sort field, status filter), or any UPPER_SNAKE_CASE value with the enumeration's prefix, when
 * the service knows members the spec does not list (trigger types, suggestion states).
 */
export type EnumRule = { members: readonly string[] } | { prefix: string };

function accepts(rule: EnumRule, value: string): boolean {
  if ("members" in rule) return rule.members.includes(value);
  return (
    value.startsWith(rule.prefix) && /^[A-Z][A-Z0-9_]*$/.test(value) && value.length > rule.prefix.length
  );
}

function expected(rule: EnumRule): string {
  return "members" in rule ? `one of ${rule.members.join(", ")}` : `a value starting with ${rule.prefix}`;
}

/** Throws 400 naming the field when a request enumeration value is unknown; unset passes. */
export function checkEnum(field: string, value: string | undefined, rule: EnumRule): void {
  if (value === undefined || accepts(rule, value)) return;
  throw invalidBody(`${field}: unknown value ${JSON.stringify(value)} (expected ${expected(rule)})`);
}

/** {@link checkEnum} for each element of a repeated enumeration field. */
export function checkEnumList(field: string, values: readonly string[] | undefined, rule: EnumRule): void {
  (values ?? []).forEach((value, index) => checkEnum(`${field}[${index}]`, value, rule));
}
