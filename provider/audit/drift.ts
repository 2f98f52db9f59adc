import { driftedPaths, type LiveObject, previousManagement } from "../engine";
import { kindNamed } from "../kinds";
import type { HeldResource } from "./types";

/** Whether `path` is `prefix` or lies inside or around it (`oidc` and `oidc.oidcClientSecret`). */
function overlaps(path: string, prefix: string): boolean {
  return (
    path === prefix ||
    path.startsWith(`${prefix}.`) ||
    prefix.startsWith(`${path}.`) ||
    prefix.startsWith(`${path}[`)
  );
}

/**
 * What differs between the live object and the inputs the stack last applied, by the comparison `pulumi up` plans
 * with (canonical forms, managed fields only: server-filled fields never count). Fields whose inputs the export keeps
 * encrypted cannot be compared and are left out, as are write-only secrets, which the service never answers.
 */
export function driftedFields(held: HeldResource, live: LiveObject, toolVersion: string): string[] {
  const kind = kindNamed(held.kind);
  const paths = driftedPaths(kind, held.inputs, live.fields, previousManagement(held.outputs), toolVersion);
  return paths.filter((path) => !held.unreadablePaths.some((secret) => overlaps(path, secret)));
}
