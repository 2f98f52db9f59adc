import { findKind } from "../kinds";

/** The sign-in paths and uses the changed settings paths reach (the kind declares them), in order, once each. */
export function signInPathsOf(kind: string, paths: readonly string[]): string[] {
  const described = findKind(kind)?.reaches ?? {};
  const reached = paths.map((path) => {
    const top = path.split(".")[0] ?? path;
    return Object.hasOwn(described, top) ? described[top]! : top;
  });
  return [...new Set(reached)];
}
