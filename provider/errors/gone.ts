import { IdgovNotFoundError } from "./status-errors";

/**
 * Whether `error` is the service's own not-found answer to a request for `path` (any path when not given): the one answer that says an object
 * is gone. A 404 in a gateway's or proxy's page, or one of the token endpoint or of another path, says nothing about
 * the object, and is an error to report.
 */
export function isGoneAnswer(error: unknown, path?: string): boolean {
  return (
    error instanceof IdgovNotFoundError && error.fromService && (path === undefined || error.path === path)
  );
}
