/**
 * Splits a response shape's field names into the ones a client may set and the ones the service
 * only returns, keeping the response shape's order.
 */
export function fieldLists<Response extends object, Writable extends object>(
  response: Response,
  writable: Writable,
): { writable: readonly (keyof Writable & string)[]; readOnly: readonly (keyof Response & string)[] } {
  const writableNames = Object.keys(writable) as (keyof Writable & string)[];
  const readOnly = (Object.keys(response) as (keyof Response & string)[]).filter(
    (name) => !(writableNames as readonly string[]).includes(name),
  );
  return { writable: writableNames, readOnly };
}
