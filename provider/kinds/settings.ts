import type { z } from "zod";
import { entityApi, type FieldTable, leafPaths } from "../engine";
import { restoreInputs } from "./controls";
import { declareKind, type KindDeclaration } from "./declaration";
import type { KindExample } from "./example";

/** What declares one tenant-settings singleton (spec 2.11, reference 4). */
export interface SettingsDeclaration<Name extends string> {
  /** The kind's type name: `SsoSettings`. */
  readonly name: Name;
  /** What the settings are, in one sentence. */
  readonly description: string;
  /** The example on its reference pages. */
  readonly example: KindExample;
  /** How messages name the settings: `SSO settings`. */
  readonly label: string;
  /** The fixed Pulumi id of the singleton. */
  readonly id: string;
  /** GET reads it, POST applies a masked update. */
  readonly path: string;
  /** The key of the settings in answers and update bodies: `settings`, `sessionSettings`. */
  readonly entityKey: string;
  /** The response schema of the settings. */
  readonly schema: z.ZodType;
  /** The editable paths of spec 2.11, and how each compares. */
  readonly fields: FieldTable;
  /** The program's inputs: the writable schema, lifetimes checked; the restore and ownership inputs are added. */
  readonly inputs: z.ZodObject;
  /** The outputs a resource of the kind exposes. */
  readonly outputs: readonly string[];
  /** The settings as the service answers them: the types of the outputs. */
  readonly outputShape: z.ZodRawShape;
  /** Who each editable path reaches, as impacts name it: one entry per field. */
  readonly reaches: Readonly<Record<string, string>>;
}

function camelCaseOf(path: string): string {
  return path.replace(/_+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The check-failure reason for a field outside the editable paths, listing them (and the camelCase spelling). */
function notEditable(label: string, fields: FieldTable) {
  const editable = leafPaths(fields);
  return (property: string): string => {
    const top = property.split(/[.[]/)[0] ?? property;
    const camel = camelCaseOf(top);
    const hint = camel !== top && camel in fields ? `; write ${camel}` : "";
    return `is not an editable path of the ${label} (spec 2.11 allows ${editable.join(", ")})${hint}`;
  };
}

/** A settings singleton on the shared engine: create reads it and sends one masked update; delete leaves it. */
export function settingsKind<Name extends string>(
  declaration: SettingsDeclaration<Name>,
): KindDeclaration<Name> {
  const { path, entityKey } = declaration;
  const { get, update } = entityApi({
    collection: () => path,
    item: () => path,
    entityKey,
    unwrap: (answer) => answer[entityKey] as Record<string, unknown> | undefined,
    schema: declaration.schema,
    idOf: () => declaration.id,
  });
  return declareKind({
    name: declaration.name,
    description: declaration.description,
    example: declaration.example,
    fields: declaration.fields,
    inputs: declaration.inputs.extend(restoreInputs),
    outputs: declaration.outputs,
    outputShape: declaration.outputShape,
    api: { get, update },
    singleton: declaration.id,
    listing: "singleton",
    reaches: declaration.reaches,
    unknownFieldReason: notEditable(declaration.label, declaration.fields),
  });
}
