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

/** Most secret values remembered at once; the oldest is forgotten first. */
export const MAX_REMEMBERED_SECRETS = 1024;

const remembered = new Set<string>();

/**
 * Remembers a secret value this process has seen (a client secret, a token, an OIDC client secret, a webhook secret,
 * an assertion) so that {@link redact} removes it from every error and log text from then on, whatever field name an
 * echo of it uses. Values shorter than {@link MIN_SECRET_LENGTH} and non-strings are ignored.
 */
export function rememberSecret(value: unknown): void {
  if (typeof value !== "string" || value.length < MIN_SECRET_LENGTH) return;
  remembered.delete(value);
  remembered.add(value);
  if (remembered.size > MAX_REMEMBERED_SECRETS) remembered.delete(remembered.values().next().value as string);
}

/**
 * Removes secrets from text meant for an error or a log: each given secret and each remembered one (see
 * {@link rememberSecret}), in their URL- and JSON-encoded forms too, `Bearer <token>`, and `client_secret=…` /
 * `"accessToken": "…"` style credentials.
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let result = text;
  for (const secret of secretVariants([...secrets, ...remembered])) {
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

/**
 * Redacts an error's message and stack in place (and its cause's), for an error about to leave the provider; answers
 * the same error. Values that are not errors are answered as they are.
 */
export function redactError<T>(error: T): T {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const scrubbed = redact(current.message);
    if (scrubbed !== current.message) current.message = scrubbed;
    if (current.stack !== undefined) current.stack = redact(current.stack);
    current = current.cause;
  }
  return error;
}
