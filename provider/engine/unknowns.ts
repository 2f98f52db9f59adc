/** The value Pulumi's dynamic-provider host passes for inputs not yet known during a preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Whether a value, or anything inside it, is still unknown. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** A copy without the unknown values (object keys dropped, list items dropped), for validating what is known. */
export function withoutUnknowns<T>(value: T): T {
  if (Array.isArray(value)) return value.filter((item) => item !== UNKNOWN).map(withoutUnknowns) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== UNKNOWN)
        .map(([key, item]) => [key, withoutUnknowns(item)]),
    ) as T;
  }
  return value;
}
