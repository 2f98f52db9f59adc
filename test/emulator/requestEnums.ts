import { invalidBody } from "./validation";

/**
 * What a request enumeration accepts: any UPPER_SNAKE_CASE value with the enumeration's prefix,
 * since unknown enumeration values are never rejected (spec 2.0.5, reference 1).
 */
export interface EnumRule {
  prefix: string;
}

function accepts(rule: EnumRule, value: string): boolean {
  return (
    value.startsWith(rule.prefix) && /^[A-Z][A-Z0-9_]*$/.test(value) && value.length > rule.prefix.length
  );
}

/** Throws 400 naming the field when a request enumeration value is unknown; unset passes. */
export function checkEnum(field: string, value: string | undefined, rule: EnumRule): void {
  if (value === undefined || accepts(rule, value)) return;
  throw invalidBody(
    `${field}: unknown value ${JSON.stringify(value)} (expected a value starting with ${rule.prefix})`,
  );
}

/** {@link checkEnum} for each element of a repeated enumeration field. */
export function checkEnumList(field: string, values: readonly string[] | undefined, rule: EnumRule): void {
  (values ?? []).forEach((value, index) => checkEnum(`${field}[${index}]`, value, rule));
}
