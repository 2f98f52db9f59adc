import { createHash } from "node:crypto";
import { badRequest } from "./errors";

/** Page size when the request sets none (or 0). */
export const DEFAULT_PAGE_SIZE = 25;
/** Smallest page answered: smaller requests get this many. */
export const MIN_PAGE_SIZE = 10;
/** Largest page answered: larger requests get this many. */
export const MAX_PAGE_SIZE = 100;

/** One page of results. */
export interface Page<T> {
  items: T[];
  /** Empty at the end of the results. */
  nextPageToken: string;
}

/** Applies spec 8.2: unset or 0 means 25, below 10 (negatives too) means 10, above 100 means 100. */
export function effectivePageSize(requested: number | undefined, field = "page_size"): number {
  if (requested === undefined || requested === 0) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(requested)) throw badRequest(`${field}: expected an integer`);
  return Math.min(MAX_PAGE_SIZE, Math.max(MIN_PAGE_SIZE, requested));
}

/** Spec 8.3 (app-owner list) states the range `0 <= pageSize <= 100`: a negative size answers 400. */
export function ownerPageSize(requested: number | undefined, field = "page_size"): number {
  if (requested !== undefined && (requested < 0 || requested > 100)) {
    throw badRequest(
      `${field}: must be between 0 and 100 (0 <= pageSize <= 100, spec 8.3), got ${requested}`,
    );
  }
  return effectivePageSize(requested, field);
}

/** Reads `page_size` from a GET query (the router refuses the camelCase spelling, reference 5.4). */
export function pageSizeFromQuery(query: Record<string, string>): number | undefined {
  const text = query["page_size"];
  if (text === undefined || text === "") return undefined;
  if (!/^-?\d+$/.test(text)) throw badRequest(`page_size: expected an integer, got "${text}"`);
  return Number(text);
}

/** Reads `page_token` from a GET query. */
export function pageTokenFromQuery(query: Record<string, string>): string | undefined {
  return query["page_token"];
}

function fingerprintOf(scope: string): string {
  return createHash("sha256").update(scope).digest("base64url").slice(0, 12);
}

function encodeToken(offset: number, scope: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprintOf(scope) })).toString("base64url");
}

function decodeToken(token: string, scope: string, field: string): number {
  const invalid = badRequest(`invalid ${field} "${token}"`);
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw invalid;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (typeof decoded !== "object" || decoded === null) throw invalid;
  const { o: offset, f: fingerprint } = decoded as { o?: unknown; f?: unknown };
  if (typeof offset !== "number" || !Number.isInteger(offset) || offset < 0) throw invalid;
  if (fingerprint !== fingerprintOf(scope)) throw invalid;
  return offset;
}

/**
 * Cuts one page out of `items` (already in their stable order). `scope` names the listing and
 * its filters: a token is only valid for the listing that issued it, with the same filters.
 * `field` names the token in the 400 for a bad one (`pageToken` in a POST search body).
 */
export function paginate<T>(
  items: T[],
  pageSize: number,
  pageToken: string | undefined,
  scope: string,
  field = "page_token",
): Page<T> {
  const offset = pageToken === undefined || pageToken === "" ? 0 : decodeToken(pageToken, scope, field);
  const end = offset + pageSize;
  return {
    items: items.slice(offset, end),
    nextPageToken: end < items.length ? encodeToken(end, scope) : "",
  };
}
