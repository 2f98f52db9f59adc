import { IdgovError } from "./errors/idgov-error";

/**
 * Builds an API path with each interpolated id percent-encoded, so an id never adds, removes or
 * changes a path segment: apiPath`/api/v1/apps/${id}`. An empty id throws.
 */
export function apiPath(strings: TemplateStringsArray, ...ids: string[]): string {
  let path = strings[0] ?? "";
  ids.forEach((id, index) => {
    path += encodePathSegment(id, index, strings) + (strings[index + 1] ?? "");
  });
  return path;
}

/** Percent-encodes one path segment; `.` and `..` are encoded too, as URL parsers would fold them. */
export function encodePathSegment(id: string, index = 0, strings?: TemplateStringsArray): string {
  if (typeof id !== "string" || id === "") {
    const where = strings ? ` in ${strings.join("${…}")}` : "";
    const problem = typeof id === "string" ? "is empty" : `is not a string (${typeof id})`;
    throw new IdgovError(`path parameter ${index + 1}${where} ${problem}: an id is required`);
  }
  const encoded = encodeURIComponent(id);
  return encoded === "." || encoded === ".." ? encoded.replace(/\./g, "%2E") : encoded;
}
