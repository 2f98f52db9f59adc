import { isPulumiSecret } from "../provider/engine/pulumiSecret";

/** Access tokens the emulator issues (`emu_` and 24 random bytes in base64url). */
export const EMULATOR_TOKEN = /emu_[A-Za-z0-9_-]{32}/g;

/** One resource of `pulumi stack export`. */
export interface ExportedResource {
  urn: string;
  type: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** The resources of a `pulumi stack export` text. */
export function exportedResources(exportText: string): ExportedResource[] {
  const parsed = JSON.parse(exportText) as { deployment: { resources?: ExportedResource[] } };
  return parsed.deployment.resources ?? [];
}

/** Every string inside a value, keys excepted. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/**
 * The plain text of every secret in a `pulumi stack export --show-secrets` text (config, inputs and outputs):
 * the values that must never appear in plain text anywhere else. Very short values (`true`, a port) are left out:
 * they would be found everywhere.
 */
export function secretPlaintexts(exportWithSecrets: string): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (isPulumiSecret(value)) {
      const plaintext = value.plaintext;
      if (typeof plaintext === "string") {
        for (const text of strings(JSON.parse(plaintext))) if (text.length >= 8) found.add(text);
      }
      return;
    }
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(JSON.parse(exportWithSecrets));
  return [...found];
}

/** Whether an output of a resource is stored as a secret (ciphertext) in a plain `pulumi stack export`. */
export function isStoredAsSecret(resource: ExportedResource, output: string): boolean {
  const value = resource.outputs?.[output];
  return isPulumiSecret(value) && typeof value.ciphertext === "string" && !("plaintext" in value);
}

/** The sizes in bytes of every `__provider` in the state (inputs and outputs), by URN. */
export function providerSizes(exportText: string): { urn: string; bytes: number }[] {
  return exportedResources(exportText).flatMap((resource) =>
    [resource.inputs, resource.outputs]
      .map((props) => props?.__provider)
      .filter((provider): provider is string => typeof provider === "string")
      .map((provider) => ({ urn: resource.urn, bytes: Buffer.byteLength(provider) })),
  );
}

/** The secrets (and emulator tokens) a text shows in plain text, shortened so a report does not repeat them. */
export function leakedSecrets(text: string, secrets: readonly string[]): string[] {
  const tokens = text.match(EMULATOR_TOKEN) ?? [];
  const leaked = [...secrets.filter((secret) => text.includes(secret)), ...tokens];
  return [...new Set(leaked.map((secret) => `${secret.slice(0, 6)}… (${secret.length} chars)`))];
}
