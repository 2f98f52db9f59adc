import type { ExportedObject } from "./kinds";
import type { ObjectNames } from "./names";
import { NATIVE_TOKEN_PREFIX } from "../../kinds/tokens";

/** One resource of Pulumi's bulk-import file. */
export interface ImportFileEntry {
  readonly type: string;
  readonly name: string;
  readonly id: string;
}

/**
 * The file `pulumi import -f FILE` reads (`{"resources": [{"type", "name", "id"}, …]}`): every declared object under
 * the resource name the TypeScript export gives it, with the id the native provider's read takes.
 */
export function importFileText(
  declared: readonly ExportedObject[],
  names: ReadonlyMap<ExportedObject, ObjectNames>,
): string {
  const resources: ImportFileEntry[] = declared.map((object) => ({
    type: `${NATIVE_TOKEN_PREFIX}${object.kind}`,
    name: names.get(object)!.resource,
    id: object.importId,
  }));
  return `${JSON.stringify({ resources }, null, 2)}\n`;
}
