/** The forms a secret may take in text: as given, URL-encoded, JSON-escaped and base64. */
function forms(secret: string): string[] {
  return [
    secret,
    encodeURIComponent(secret),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString("base64"),
  ];
}

/** The names of the secrets that appear, in any of their forms, in a value (serialized as JSON when not text). */
export function leakedSecrets(value: unknown, secrets: Readonly<Record<string, string>>): string[] {
  const text = typeof value === "string" ? value : JSON.stringify(value ?? null);
  return Object.entries(secrets)
    .filter(([, secret]) => forms(secret).some((form) => text.includes(form)))
    .map(([name]) => name);
}
