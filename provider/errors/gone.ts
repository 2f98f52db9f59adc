import { IdgovNotFoundError } from "./status-errors";

/** The parts of a request's path, decoded: the ids it names are among them. */
function pathParts(path: string): Set<string> {
  return new Set(
    path
      .split("?")[0]!
      .split("/")
      .filter((part) => part !== "")
      .map((part) => {
        try {
          return decodeURIComponent(part);
        } catch {
          return part;
        }
      }),
  );
}

/**
 * Whether a not-found answer that names `named` objects is about another object than the one `path` asks for: it
 * names some, and none of them is an id of the path (the object's, or its app's or type's, whose absence takes the
 * object with it). An answer that names no object is about the one asked for.
 */
export function namesAnotherObject(named: readonly string[], path: string): boolean {
  if (named.length === 0) return false;
  const parts = pathParts(path);
  return !named.some((name) => parts.has(name));
}

/**
 * Whether `error` is the service's own not-found answer to a request for `path` (any path when not given), about
 * that object: the one answer that says an object is gone. A 404 in a gateway's or proxy's page, one of the token
 * endpoint or of another path, or one that names another object says nothing about the object, and is an error to
 * report. One such answer is not yet enough to forget an object: a second read confirms it ({@link readUnlessGone}).
 */
export function isGoneAnswer(error: unknown, path?: string): boolean {
  return (
    error instanceof IdgovNotFoundError &&
    error.fromService &&
    (path === undefined || error.path === path) &&
    !namesAnotherObject(error.namedObjects, error.path)
  );
}

/**
 * Reads an object, answering undefined only when two reads, one after the other, each say it is gone (the service's
 * not-found about it, or an answer `read` itself takes for gone): one answer of a proxy, a cache or a node that has
 * not seen the object yet is not enough for a state to forget it. When the second read finds it, it is answered.
 */
export async function readUnlessGone<T>(
  path: string,
  read: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const once = async () => {
    try {
      return await read();
    } catch (error) {
      if (isGoneAnswer(error, path)) return undefined;
      throw error;
    }
  };
  return (await once()) ?? (await once());
}
