import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A new 27-character base62 id, shaped like the service's own ids; it starts with a letter. */
export function newId(): string {
  let id = "";
  randomBytes(27).forEach((byte, index) => {
    id += index === 0 ? ALPHABET.charAt(36 + (byte % 26)) : ALPHABET.charAt(byte % ALPHABET.length);
  });
  return id;
}

/** A random secret of the given byte length, base64url-encoded. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
