import { IdgovError } from "../errors/idgov-error";
import { KIND_NAMES } from "../kinds/names";
import type { AuditObject } from "./types";

/** One line of an ignore file: a kind (or `*`) and a pattern on the id or on the display name. */
export interface IgnoreRule {
  /** The line as written, for reports. */
  readonly text: string;
  readonly kind: string;
  readonly on: "id" | "displayName";
  readonly pattern: RegExp;
}

/** An ignore file that cannot be read; the message names the line and the rule. */
export class IgnoreFileError extends IdgovError {}

/** A glob (`*` any run of characters, `?` one) as an anchored regular expression. */
function globPattern(glob: string, caseInsensitive: boolean): RegExp {
  const body = [...glob]
    .map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[\\^$.|+()[\]{}]/g, "\\$&")))
    .join("");
  return new RegExp(`^${body}$`, caseInsensitive ? "iu" : "u");
}

/**
 * Reads an ignore file: one rule a line, `<Kind>:<id glob>` or `<Kind>:name=<display-name glob>` (`*` for any kind,
 * `id=` may be written out; display names compare case-insensitively); blank lines and lines starting with `#` are
 * skipped. `App:app-legacy-*` leaves out every app whose id starts with `app-legacy-`, `RequestCatalog:name=Sandbox*`
 * every catalog whose display name starts with `Sandbox`.
 */
export function parseIgnoreFile(text: string, source: string): IgnoreRule[] {
  return text.split(/\r?\n/).flatMap((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return [];
    const where = `${source}:${index + 1}`;
    const colon = line.indexOf(":");
    if (colon <= 0)
      throw new IgnoreFileError(`${where}: "${line}" is not <Kind>:<pattern> (e.g. App:app-legacy-*)`);
    const kind = line.slice(0, colon).trim();
    if (kind !== "*" && !(KIND_NAMES as readonly string[]).includes(kind)) {
      throw new IgnoreFileError(`${where}: "${kind}" is not a kind (one of ${KIND_NAMES.join(", ")}, or *)`);
    }
    const rest = line.slice(colon + 1).trim();
    const byName = rest.startsWith("name=");
    const glob = byName
      ? rest.slice("name=".length)
      : rest.startsWith("id=")
        ? rest.slice("id=".length)
        : rest;
    if (glob === "") throw new IgnoreFileError(`${where}: "${line}" has an empty pattern`);
    return [{ text: line, kind, on: byName ? "displayName" : "id", pattern: globPattern(glob, byName) }];
  });
}

/** Whether a rule leaves the object out. */
export function ignores(rule: IgnoreRule, object: Pick<AuditObject, "kind" | "id" | "displayName">): boolean {
  return (rule.kind === "*" || rule.kind === object.kind) && rule.pattern.test(object[rule.on]);
}
