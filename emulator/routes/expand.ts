import { badRequest } from "../errors";
import { isJsonObject, type JsonObject } from "../state";

/** `@type` prefix of expanded objects. */
const TYPE_PREFIX = "type.googleapis.com/idgov.v1.";

/**
 * Reads `expandMask.paths` against the paths a view knows (camelCase or snake_case, or `*` for
 * all) and answers the set of known names asked for; an unknown path answers 400 naming it.
 */
export function expandPaths(expandMask: unknown, known: readonly string[]): Set<string> {
  const wanted = new Set<string>();
  const paths = isJsonObject(expandMask) && Array.isArray(expandMask["paths"]) ? expandMask["paths"] : [];
  for (const path of paths as string[]) {
    if (path === "*") {
      known.forEach((name) => wanted.add(name));
      continue;
    }
    const camel = path.replace(/_+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
    const name = known.find((candidate) => candidate === camel || candidate === camel.replace(/Id$/, ""));
    if (name === undefined) {
      throw badRequest(`invalid expandMask: unknown path "${path}" (known: ${[...known, "*"].join(", ")})`);
    }
    wanted.add(name);
  }
  return wanted;
}

/** Collects expanded objects for one answer; an object added twice is kept once. */
export class ExpandedObjects {
  private readonly objects: JsonObject[] = [];
  private readonly indexByKey = new Map<string, number>();

  /** Adds an object of a type (e.g. `App`) and answers its JSONPath, `$.expanded[<index>]`. */
  add(type: string, object: JsonObject): string {
    const key = `${type}/${String(object["id"] ?? this.objects.length)}`;
    let index = this.indexByKey.get(key);
    if (index === undefined) {
      index = this.objects.length;
      this.objects.push({ "@type": `${TYPE_PREFIX}${type}`, ...object });
      this.indexByKey.set(key, index);
    }
    return `$.expanded[${index}]`;
  }

  /** Adds several objects of a type and answers one path covering them (`$.expanded[2:5]`), or "" for none. */
  addAll(type: string, objects: readonly JsonObject[]): string {
    if (objects.length === 0) return "";
    const start = this.objects.length;
    objects.forEach((object) => {
      this.objects.push({ "@type": `${TYPE_PREFIX}${type}`, ...object });
    });
    return `$.expanded[${start}:${this.objects.length}]`;
  }

  /** The `expanded` array of the answer. */
  list(): JsonObject[] {
    return this.objects;
  }
}
