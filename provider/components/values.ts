type Inputs = Readonly<Record<string, unknown>>;

/** The given value, or `fallback` when the program left it out. */
export function or<T>(value: unknown, fallback: T): unknown {
  return value === undefined || value === null ? fallback : value;
}

/** Only the entries whose value is set. */
export function defined(props: Inputs): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined));
}
