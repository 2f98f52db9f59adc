/** What a redacted value is replaced with. */
export const REDACTED = "[REDACTED]";

/** Secrets shorter than this are not searched for: they would match ordinary text. */
export const MIN_SECRET_LENGTH = 4;

const CREDENTIAL_PATTERNS: readonly [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`],
  [
    /\b(client_secret|access_token|refresh_token|client_assertion|subject_token)=[^&\s"']*/gi,
    `$1=${REDACTED}`,
  ],
  [
    /("(?:client_?secret|access_?token|refresh_?token|client_?assertion|subject_?token|authorization)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
    `$1"${REDACTED}"`,
  ],
];

/**
 * Removes secrets from text meant for an error or a log: each given secret (and its URL-encoded
 * form), `Bearer <token>`, and `client_secret=…` / `"accessToken": "…"` style credentials.
 */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secretVariants(secrets)) {
    result = result.split(secret).join(REDACTED);
  }
  for (const [pattern, replacement] of CREDENTIAL_PATTERNS) {
    result = result.replace(pattern, replacement);
  }
  return result;
}

/** The secrets and their encoded forms, longest first so a secret containing another goes whole. */
function secretVariants(secrets: readonly (string | undefined)[]): string[] {
  const variants = new Set<string>();
  for (const secret of secrets) {
    if (secret === undefined || secret.length < MIN_SECRET_LENGTH) continue;
    variants.add(secret);
    variants.add(encodeURIComponent(secret));
    variants.add(new URLSearchParams({ s: secret }).toString().slice(2));
    variants.add(JSON.stringify(secret).slice(1, -1));
  }
  return [...variants].sort((a, b) => b.length - a.length);
}
