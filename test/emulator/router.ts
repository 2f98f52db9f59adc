import { badRequest } from "./errors";
import type { Store } from "./store";

/** Everything a route handler gets for one request. */
export interface RouteContext {
  method: string;
  /** Decoded path parameters, by the names used in the route pattern. */
  params: Record<string, string>;
  /** Query parameters (the last value wins). */
  query: Record<string, string>;
  /** The parsed JSON body; `{}` when the request carried none. */
  body: unknown;
  store: Store;
  /** Key prefix reserved for the server in annotations. */
  reservedAnnotationPrefix: string;
  /** Base URL of this emulator, for URLs it hands out. */
  baseUrl: string;
}

/**
 * A route handler answers the JSON body of a 200, or throws an {@link ApiError}. The body is
 * serialized as soon as the handler returns, so it may refer to stored records without copying.
 */
export type RouteHandler = (context: RouteContext) => unknown;

interface Route {
  method: string;
  segments: string[];
  handler: RouteHandler;
}

/** The outcome of matching a method and path. */
export type RouteMatch =
  | { kind: "found"; handler: RouteHandler; params: Record<string, string> }
  | { kind: "wrongMethod"; allowed: string[] }
  | { kind: "none" };

/** Matches `/api/v1/apps/:id`-style patterns; a parameter never spans a `/`. */
export class Router {
  private readonly routes: Route[] = [];

  /** Registers a handler for a method and a pattern such as `/api/v1/apps/:id`. */
  on(method: string, pattern: string, handler: RouteHandler): this {
    this.routes.push({ method, segments: pattern.split("/").slice(1), handler });
    return this;
  }

  /** Finds the handler for a method and a (still percent-encoded) path. */
  match(method: string, path: string): RouteMatch {
    const segments = path.split("/").slice(1);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (params === undefined) continue;
      if (route.method === method) return { kind: "found", handler: route.handler, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: "wrongMethod", allowed } : { kind: "none" };
  }
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < pattern.length; index += 1) {
    const expected = pattern[index] ?? "";
    const segment = actual[index] ?? "";
    if (expected.startsWith(":")) {
      if (segment === "") return undefined;
      params[expected.slice(1)] = decodeSegment(segment);
    } else if (expected !== segment) {
      return undefined;
    }
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest(`malformed percent-encoding in path segment "${segment}"`);
  }
}
