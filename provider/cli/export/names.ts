import { type ExportKind, type ExportedObject, settingsNameOf } from "./kinds";

/** Lower-case words of a text joined by dashes: `"Engineering starter kit"` gives `engineering-starter-kit`. */
export function slugOf(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const RESERVED_WORDS = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await any boolean number string " +
    "symbol type of config pulumi"
  ).split(" "),
);

/** camelCase of a slug: `engineering-starter-kit` gives `engineeringStarterKit`. */
function camelOf(slug: string): string {
  return slug.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** kebab-case of a camelCase name: `oidcClientSecret` gives `oidc-client-secret`. */
export function kebabOf(camel: string): string {
  return camel.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A settings singleton's variable is its kind (`ssoSettings`); others, the camelCase of the resource name. */
function variableBase(object: ExportedObject, resource: string): string {
  if (settingsNameOf(object.kind)) return lowerFirst(object.kind);
  const camel = camelOf(resource);
  const valid = /^[a-z]/.test(camel) && !RESERVED_WORDS.has(camel);
  return valid ? camel : `${lowerFirst(object.kind)}${upperFirst(camel)}`;
}

/** The names an exported object gets: its Pulumi resource name and its variable in the program. */
export interface ObjectNames {
  readonly resource: string;
  readonly variable: string;
}

/**
 * Resource and variable names for every object, from display names: readable (`github`, `engineering-starter-kit`),
 * unique (a second `github` app becomes `github-2`, in id order), valid TypeScript identifiers, and stable (the same
 * tenant always gives the same names). Objects are named in the order given; pass them sorted.
 */
export function nameObjects(objects: readonly ExportedObject[]): Map<ExportedObject, ObjectNames> {
  const names = new Map<ExportedObject, ObjectNames>();
  const resourceNames = new Map<ExportKind, Set<string>>();
  const variables = new Set<string>();
  for (const object of objects) {
    const taken = resourceNames.get(object.kind) ?? new Set<string>();
    resourceNames.set(object.kind, taken);
    const base = settingsNameOf(object.kind) ?? (slugOf(object.displayName) || slugOf(object.id) || "object");
    let resource = base;
    for (let count = 2; taken.has(resource); count += 1) resource = `${base}-${count}`;
    taken.add(resource);
    let variable = variableBase(object, resource);
    const kindSuffixed = `${variable}${object.kind}`;
    if (variables.has(variable)) variable = kindSuffixed;
    for (let count = 2; variables.has(variable); count += 1) variable = `${kindSuffixed}${count}`;
    variables.add(variable);
    names.set(object, { resource, variable });
  }
  return names;
}
