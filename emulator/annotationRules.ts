import { badRequest } from "./errors";

/** Limits of an annotations map (spec 2.1). */
const LIMITS = { maxEntries: 16, keyMaxLength: 128, valueMaxLength: 256, maxSerializedBytes: 4096 } as const;
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9._/-]{0,127}$/;
/** The characters a URL carries without percent-encoding (reference 1). */
const URL_SAFE_CHARACTER = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]$/;

function keyIssues(key: string, reservedPrefix: string): string[] {
  const quoted = JSON.stringify(key);
  const issues: string[] = [];
  if (key.length < 1 || key.length > LIMITS.keyMaxLength) {
    issues.push(
      `annotation key ${quoted} is ${key.length} characters; keys are 1 to ${LIMITS.keyMaxLength} characters`,
    );
  } else if (!KEY_PATTERN.test(key)) {
    issues.push(`annotation key ${quoted} does not match ${KEY_PATTERN.source}`);
  }
  if (key.startsWith(reservedPrefix)) {
    issues.push(`annotation key ${quoted} uses the reserved prefix ${JSON.stringify(reservedPrefix)}`);
  }
  return issues;
}

function valueIssues(key: string, value: string): string[] {
  const quoted = JSON.stringify(key);
  if (value.length > LIMITS.valueMaxLength) {
    return [
      `annotation ${quoted} value is ${value.length} characters; the limit is ${LIMITS.valueMaxLength}`,
    ];
  }
  const unsafe = [...value].find((character) => !URL_SAFE_CHARACTER.test(character));
  return unsafe === undefined
    ? []
    : [`annotation ${quoted} value has a character that is not URL-safe ASCII: ${JSON.stringify(unsafe)}`];
}

/**
 * Throws 400 `invalid annotations: ...` naming each broken rule of spec 2.1 and its key (whole-map
 * rules first). Values may be empty (spec 2.1: 0 to 256 characters); on update an empty value
 * removes its key.
 */
export function checkAnnotations(map: Record<string, string>, reservedPrefix: string): void {
  const prefix = reservedPrefix.endsWith("/") ? reservedPrefix : `${reservedPrefix}/`;
  const entries = Object.entries(map);
  const issues: string[] = [];
  if (entries.length > LIMITS.maxEntries) {
    issues.push(`at most ${LIMITS.maxEntries} annotations are allowed (got ${entries.length})`);
  }
  const bytes = Buffer.byteLength(JSON.stringify(map), "utf8");
  if (bytes > LIMITS.maxSerializedBytes) {
    issues.push(`annotations serialize to ${bytes} bytes; the limit is ${LIMITS.maxSerializedBytes}`);
  }
  for (const [key, value] of entries) issues.push(...keyIssues(key, prefix), ...valueIssues(key, value));
  if (issues.length > 0) throw badRequest(`invalid annotations: ${issues.join("; ")}`);
}

/** Checks the `annotations` member of a checked request object, when it carries one. */
export function checkAnnotationsOf(container: Record<string, unknown>, reservedPrefix: string): void {
  const annotations = container["annotations"];
  if (annotations !== undefined) checkAnnotations(annotations as Record<string, string>, reservedPrefix);
}
