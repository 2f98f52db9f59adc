import { badRequest } from "./errors";
import { recordAnswer } from "./model/answerLog";
import { operationForRoute, type WireOperation } from "./model/document";
import { parseRequest } from "./model/request";
import { shapeAnswer } from "./model/shape";
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
  /** How far the search index trails writes, in milliseconds (the `searchLagMs` switch); 0 when it does not. */
  searchLagMs: number;
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

  /**
   * Registers a handler for a method and a pattern such as `/api/v1/apps/:id`. The route serves the
   * `wire-schemas.json` operation with the same method and path: only its declared query parameters
   * are taken, a DELETE body is checked against its request schema, and the handler's answer is
   * written as the service writes it ({@link shapeAnswer}) and recorded by the answer check.
   */
  on(method: string, pattern: string, handler: RouteHandler): this {
    const operation = operationForRoute(method, pattern);
    if (operation === undefined) throw new Error(`wire-schemas.json has no operation ${method} ${pattern}`);
    this.routes.push({ method, segments: pattern.split("/").slice(1), handler: serving(operation, handler) });
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

function checkQuery(operation: WireOperation, query: Record<string, string>): void {
  const declared = operation.params.filter((param) => param.in === "query").map((param) => param.name);
  const unknown = Object.keys(query).filter((name) => !declared.includes(name));
  if (unknown.length === 0) return;
  const takes = declared.length === 0 ? "takes no query parameters" : `takes ${declared.join(", ")}`;
  throw badRequest(
    `unknown query parameter${unknown.length > 1 ? "s" : ""} ${unknown.map((name) => `"${name}"`).join(", ")} (${operation.method} ${operation.path} ${takes})`,
  );
}

function serving(operation: WireOperation, handler: RouteHandler): RouteHandler {
  return (context) => {
    checkQuery(operation, context.query);
    if (context.method === "DELETE" && operation.request !== undefined)
      parseRequest(operation.name, context.body);
    const answer = shapeAnswer(operation.response ?? {}, handler(context));
    recordAnswer(operation, answer);
    return answer;
  };
}
