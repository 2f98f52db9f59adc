import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { entityApi, type FieldTable, leafPaths, type ResourceKind } from "../../provider/engine";
import { ownershipInputs, restoreInputs } from "./controls";

/** What declares one tenant-settings singleton (spec 2.11, reference 4). */
/** @internal */
export interface SettingsDeclaration {
  /** The kind's type name: `SsoSettings`. */
  readonly name: string;
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
/** @internal */
export function settingsKind(declaration: SettingsDeclaration): ResourceKind {
  const { path, entityKey } = declaration;
  const { get, update } = entityApi({
    collection: () => path,
    item: () => path,
    entityKey,
    unwrap: (answer) => answer[entityKey] as Record<string, unknown> | undefined,
    schema: declaration.schema,
    idOf: () => declaration.id,
  });
  return {
    name: declaration.name,
    fields: declaration.fields,
    inputSchema: declaration.inputs.extend({ ...restoreInputs, ...ownershipInputs }),
    api: { get, update },
    singleton: declaration.id,
    unknownFieldReason: notEditable(declaration.label, declaration.fields),
  };
}

/** Names of the singletons declared so far, per program run (a run has its own resource monitor). */
const declared = new WeakMap<object, Map<string, string[]>>();
const outsideAnyRun = {};

function duplicateMessage(kind: string, names: readonly string[]): string {
  const quoted = names.map((name) => `"${name}"`).join(", ");
  return (
    `${kind} is one per tenant, but this program declares it ${names.length} times (${quoted}): ` +
    `declare it once`
  );
}

/**
 * Records the declaration of a singleton. A second declaration throws; the first one fails too, through the input
 * this answers (the `singletonCheck` prop, resolved once the program's declarations of this turn are done, to
 * nothing), so neither is registered and nothing reaches the service.
 */
export function declareSingleton(kind: string, name: string): { singletonCheck: pulumi.Output<undefined> } {
  const run = pulumi.runtime.getMonitor() ?? outsideAnyRun;
  const byKind = declared.get(run) ?? new Map<string, string[]>();
  declared.set(run, byKind);
  const names = byKind.get(kind) ?? [];
  byKind.set(kind, names);
  names.push(name);
  if (names.length > 1) throw new Error(duplicateMessage(kind, names));
  const unique = new Promise<boolean>((resolve, reject) =>
    setImmediate(() => (names.length > 1 ? reject(new Error(duplicateMessage(kind, names))) : resolve(true))),
  );
  return { singletonCheck: pulumi.output(unique).apply(() => undefined) };
}
