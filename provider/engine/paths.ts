/** Reads the value at a dotted path of a plain object. */
export function getPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Writes a value at a dotted path, creating intermediate objects; returns the target for chaining. */
export function setPath(
  target: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const keys = path.split(".");
  let current = target;
  for (const key of keys.slice(0, -1)) {
    const next = current[key];
    if (next === null || typeof next !== "object" || Array.isArray(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  current[keys[keys.length - 1] as string] = value;
  return target;
}

/** Removes the value at a dotted path, when there is one. */
export function deletePath(target: Record<string, unknown>, path: string): void {
  const keys = path.split(".");
  const parent = getPath(target, keys.slice(0, -1).join("."));
  const holder = keys.length === 1 ? target : parent;
  if (holder !== null && typeof holder === "object" && !Array.isArray(holder)) {
    delete (holder as Record<string, unknown>)[keys[keys.length - 1] as string];
  }
}
