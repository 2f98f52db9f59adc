import { ANNOTATION_LIMITS, normalizeDuration, UNLISTED_MEMBER, validateAnnotations } from "../schemas";
import type { FieldTable } from "./fields";
import type { ResourceKind } from "./kind";
import { type Ownership, ownershipAnnotations, OWNERSHIP_KEYS } from "./ownership";
import type { Props } from "./state";
import { containsUnknown, UNKNOWN, withoutUnknowns } from "./unknowns";

/** A Pulumi check failure: the property path and the rule it breaks. */
export interface CheckFailure {
  readonly property: string;
  readonly reason: string;
}

/** What check allows beyond the schema, set by the stack. */
export interface CheckOptions {
  /** Enumeration members pulumi-idgov does not list are sent as given (`idgov:allowUnlistedMembers`). */
  readonly allowUnlistedMembers?: boolean;
  /** The resource's ownership, decoded at the service's edge: its stamps count toward the annotation limit. */
  readonly ownership?: Ownership | undefined;
}

/** Formats a zod issue path the way Pulumi shows property paths: `automationSteps[2].sendEmail`. */
export function propertyPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`))
    .join("");
}

/**
 * Follows a path of the inputs validated without their unknowns back into the program's inputs (list indexes shift
 * where unknown items were dropped), and answers the program's value there.
 */
function inProgramInputs(
  inputs: Props,
  path: readonly PropertyKey[],
): { path: PropertyKey[]; value: unknown } {
  const original: PropertyKey[] = [];
  let value: unknown = inputs;
  for (const key of path) {
    if (value === UNKNOWN) break;
    if (Array.isArray(value) && typeof key === "number") {
      const index = value.flatMap((item, at) => (item === UNKNOWN ? [] : [at]))[key] ?? key;
      original.push(index);
      value = value[index];
    } else {
      original.push(key);
      value = value !== null && typeof value === "object" ? (value as Props)[key as string] : undefined;
    }
  }
  return { path: original, value };
}

/**
 * Validates what is known. A rule broken only because a value is still unknown (during a preview) is not reported:
 * the engine checks again once the value is known.
 */
function failuresFromSchema(kind: ResourceKind, inputs: Props, options: CheckOptions): CheckFailure[] {
  const result = kind.inputSchema.safeParse(withoutUnknowns(inputs));
  if (result.success) return [];
  const unknownField = kind.unknownFieldReason ?? (() => "is not a known field");
  return result.error.issues.flatMap((issue) => {
    if (options.allowUnlistedMembers && issue.code === "custom" && issue.params?.[UNLISTED_MEMBER]) return [];
    const { path, value } = inProgramInputs(inputs, issue.path);
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => {
        const property = propertyPath([...path, key]);
        return { property, reason: unknownField(property) };
      });
    }
    // A rule of the whole object (a oneof of top-level members) has no path: Pulumi then shows its reason alone.
    return containsUnknown(value) ? [] : [{ property: propertyPath(path), reason: issue.message }];
  });
}

function failuresFromAnnotations(
  inputs: Props,
  reservedPrefix: string,
  ownership: Ownership | undefined,
): CheckFailure[] {
  const user = inputs.annotations;
  if (user === undefined || user === UNKNOWN || typeof user !== "object" || user === null) return [];
  // Values that are not strings are the schema's to report; the rules of spec 2.1 apply to the others.
  const known = Object.fromEntries(
    Object.entries(withoutUnknowns(user as Record<string, unknown>)).filter(
      ([, value]) => typeof value === "string",
    ),
  ) as Record<string, string>;
  const stamped = OWNERSHIP_KEYS.filter((key) => Object.hasOwn(known, key)).map((key) => ({
    property: `annotations.${key}`,
    reason: `is stamped by pulumi-idgov (ownership annotation); remove it from the program`,
  }));
  if (stamped.length > 0) return stamped;
  const stamps =
    ownership && typeof ownership.workspace === "string" && typeof ownership.resourceAddress === "string"
      ? ownershipAnnotations(ownership, "0.0.0")
      : {};
  return validateAnnotations({ ...known, ...stamps }, { reservedPrefix }).map((issue) => ({
    property: issue.key === undefined ? "annotations" : `annotations.${issue.key}`,
    reason:
      issue.rule === "max-entries" && Object.keys(stamps).length > 0
        ? tooManyAnnotations(Object.keys(known).length, Object.keys(stamps))
        : issue.message,
  }));
}

/** The limit on annotations in the program's terms: its own keys, beside the ones pulumi-idgov stamps. */
function tooManyAnnotations(userCount: number, stampedKeys: readonly string[]): string {
  const room = ANNOTATION_LIMITS.maxEntries - stampedKeys.length;
  return (
    `the program sets ${userCount} annotations; at most ${room} are allowed, because an object holds at most ` +
    `${ANNOTATION_LIMITS.maxEntries} and pulumi-idgov stamps ${stampedKeys.length} (${stampedKeys.join(", ")})`
  );
}

/** Durations in any common form become canonical text, int64 numbers become digit strings. */
export function normalizeInputs(fields: FieldTable, inputs: Props): Props {
  const normalized: Props = { ...inputs };
  for (const [name, spec] of Object.entries(fields)) {
    const value = normalized[name];
    if (value === undefined || value === null || value === UNKNOWN) continue;
    if (spec.type === "duration" && typeof value === "string") {
      normalized[name] = normalizeDuration(value) ?? value;
    } else if (spec.type === "int64" && typeof value === "number" && Number.isInteger(value)) {
      normalized[name] = String(value);
    } else if (spec.type === "json" && spec.normalize) {
      normalized[name] = spec.normalize(value);
    } else if (spec.type === "message" && spec.fields && typeof value === "object" && !Array.isArray(value)) {
      normalized[name] = normalizeInputs(spec.fields, value as Props);
    }
  }
  return normalized;
}

/** Validates the program's inputs before any request, and puts them in canonical form. */
export function checkInputs(
  kind: ResourceKind,
  news: Props,
  reservedPrefix: string,
  options: CheckOptions = {},
): { inputs: Props; failures: CheckFailure[] } {
  const failures = failuresFromSchema(kind, news, options);
  if (kind.annotations) failures.push(...failuresFromAnnotations(news, reservedPrefix, options.ownership));
  return { inputs: failures.length === 0 ? normalizeInputs(kind.fields, news) : news, failures };
}
