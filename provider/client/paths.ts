import { IdgovError } from "../errors/idgov-error";

/**
 * Builds an API path with each interpolated id percent-encoded, so an id never adds, removes or
 * changes a path segment: apiPath`/api/v1/apps/${id}`. An id that cannot be one segment throws
 * (see {@link pathSegmentProblem}), before any request is sent.
 */
export function apiPath(strings: TemplateStringsArray, ...ids: string[]): string {
  let path = strings[0] ?? "";
  ids.forEach((id, index) => {
    path += encodePathSegment(id, index, strings) + (strings[index + 1] ?? "");
  });
  return path;
}

/**
 * Why `id` cannot be one path segment, or undefined when it can. Empty ids are refused, and so are `.` and `..`:
 * URL parsing folds them (and their percent-encoded forms `%2E`, `%2E%2E`) into the neighbouring segments, so
 * `/api/v1/apps/..` would reach `/api/v1/`.
 */
export function pathSegmentProblem(id: unknown): string | undefined {
  if (typeof id !== "string") return `is not a string (${typeof id})`;
  if (id === "") return "is empty";
  if (id === "." || id === "..") return `is ${JSON.stringify(id)}, which would leave its route`;
  return undefined;
}

/** Percent-encodes one path segment; throws {@link IdgovError} when the id cannot be one. */
export function encodePathSegment(id: string, index = 0, strings?: TemplateStringsArray): string {
  const problem = pathSegmentProblem(id);
  if (problem !== undefined) {
    const where = strings ? ` in ${strings.join("${…}")}` : "";
    throw new IdgovError(`path parameter ${index + 1}${where} ${problem}: an id is required`);
  }
  return encodeURIComponent(id);
}
