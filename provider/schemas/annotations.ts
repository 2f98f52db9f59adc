import { z } from "zod";

/** Limits of an annotations map (spec 2.1). */
export const ANNOTATION_LIMITS = {
  maxEntries: 16,
  keyMaxLength: 128,
  valueMaxLength: 256,
  maxSerializedBytes: 4096,
} as const;

/** Keys the infrastructure-as-code marking uses (spec 2.1). */
export const WELL_KNOWN_ANNOTATION_KEYS = [
  "managed_by",
  "iac_workspace",
  "iac_resource_address",
  "iac_tool_version",
] as const;

/** The server-managed prefix the real service reserves (reference 1). */
export const DEFAULT_RESERVED_ANNOTATION_PREFIX = "c1/";

/** Pattern every annotation key must match (spec 2.1). */
export const ANNOTATION_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9._/-]{0,127}$/;

/** The characters a URL carries without percent-encoding (reference 1). */
const URL_SAFE_CHARACTER = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]$/;

/** The rule an annotation issue breaks. */
export type AnnotationRule =
  | "max-entries"
  | "key-pattern"
  | "key-length"
  | "value-length"
  | "value-charset"
  | "total-size"
  | "reserved-prefix";

/** One broken annotation rule; `key` is absent for rules about the whole map. */
export interface AnnotationIssue {
  key?: string;
  rule: AnnotationRule;
  message: string;
}

/** How strictly to check an annotations map. */
export interface AnnotationOptions {
  /**
   * Keys starting with this prefix are rejected; a missing trailing `/` is added.
   * @default "c1/"
   */
  reservedPrefix?: string;
  /**
   * Accept `""` values. On update an empty value removes the key (reference 1), so updates allow it.
   * @default false
   */
  allowEmptyValues?: boolean;
}

function normalisePrefix(prefix: string): string {
  return prefix.endsWith("/") ? prefix : `${prefix}/`;
}

function firstUnsafeCharacter(value: string): string | undefined {
  for (const character of value) {
    if (!URL_SAFE_CHARACTER.test(character)) return character;
  }
  return undefined;
}

function keyIssues(key: string, reservedPrefix: string): AnnotationIssue[] {
  const quoted = JSON.stringify(key);
  const issues: AnnotationIssue[] = [];
  if (key.length < 1 || key.length > ANNOTATION_LIMITS.keyMaxLength) {
    issues.push({
      key,
      rule: "key-length",
      message: `annotation key ${quoted} is ${key.length} characters; keys are 1 to ${ANNOTATION_LIMITS.keyMaxLength} characters`,
    });
  } else if (!ANNOTATION_KEY_PATTERN.test(key)) {
    issues.push({
      key,
      rule: "key-pattern",
      message: `annotation key ${quoted} does not match ${ANNOTATION_KEY_PATTERN.source}`,
    });
  }
  if (key.startsWith(reservedPrefix)) {
    issues.push({
      key,
      rule: "reserved-prefix",
      message: `annotation key ${quoted} uses the reserved prefix ${JSON.stringify(reservedPrefix)}`,
    });
  }
  return issues;
}

function valueIssues(key: string, value: string, allowEmptyValues: boolean): AnnotationIssue[] {
  const quoted = JSON.stringify(key);
  if (value.length === 0 && !allowEmptyValues) {
    return [
      {
        key,
        rule: "value-length",
        message: `annotation ${quoted} value is empty; an empty value is only allowed on update, where it removes the key`,
      },
    ];
  }
  if (value.length > ANNOTATION_LIMITS.valueMaxLength) {
    return [
      {
        key,
        rule: "value-length",
        message: `annotation ${quoted} value is ${value.length} characters; the limit is ${ANNOTATION_LIMITS.valueMaxLength}`,
      },
    ];
  }
  const unsafe = firstUnsafeCharacter(value);
  if (unsafe === undefined) return [];
  return [
    {
      key,
      rule: "value-charset",
      message: `annotation ${quoted} value has a character that is not URL-safe ASCII: ${JSON.stringify(unsafe)}`,
    },
  ];
}

/**
 * Checks an annotations map against every rule of spec 2.1 and reference 1 and returns all
 * issues found (an empty list when the map is valid), whole-map rules first.
 */
export function validateAnnotations(
  map: Record<string, string>,
  options: AnnotationOptions = {},
): AnnotationIssue[] {
  const reservedPrefix = normalisePrefix(options.reservedPrefix ?? DEFAULT_RESERVED_ANNOTATION_PREFIX);
  const allowEmptyValues = options.allowEmptyValues ?? false;
  const issues: AnnotationIssue[] = [];
  const entries = Object.entries(map);
  if (entries.length > ANNOTATION_LIMITS.maxEntries) {
    issues.push({
      rule: "max-entries",
      message: `at most ${ANNOTATION_LIMITS.maxEntries} annotations are allowed (got ${entries.length})`,
    });
  }
  const bytes = Buffer.byteLength(JSON.stringify(map), "utf8");
  if (bytes > ANNOTATION_LIMITS.maxSerializedBytes) {
    issues.push({
      rule: "total-size",
      message: `annotations serialize to ${bytes} bytes; the limit is ${ANNOTATION_LIMITS.maxSerializedBytes}`,
    });
  }
  for (const [key, value] of entries) {
    issues.push(...keyIssues(key, reservedPrefix), ...valueIssues(key, value, allowEmptyValues));
  }
  return issues;
}

/**
 * An annotations map that reports each broken rule as an issue with path `[key]`
 * (whole-map rules with an empty path).
 */
export function annotationsSchema(options: AnnotationOptions = {}) {
  return z.record(z.string(), z.string()).superRefine((map, ctx) => {
    for (const issue of validateAnnotations(map, options)) {
      ctx.addIssue({
        code: "custom",
        message: issue.message,
        path: issue.key === undefined ? [] : [issue.key],
      });
    }
  });
}

/** Annotations as the service returns them: a plain string map, not re-validated. */
export const responseAnnotations = z.record(z.string(), z.string());
