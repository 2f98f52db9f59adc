/** How one stack's drift check came out. */
export type StackStatus = "clean" | "drifted" | "broken";

/** One field of a drifted object: the value the code wants, and the value the check found (secrets never shown). */
export interface FieldDrift {
  /** The field's property path, e.g. `description` or `annotations.team`. */
  readonly path: string;
  readonly wanted: string;
  readonly found: string;
}

/** One object the check would change: a field drifted, or the object is gone (create) or new in the tenant. */
export interface DriftedObject {
  /** The kind (`App`) for this package's types, else the type token. */
  readonly kind: string;
  /** The resource's name in the program. */
  readonly name: string;
  readonly id?: string;
  /** What the next `pulumi up` would do: update, replace, create (gone from the tenant), delete. */
  readonly operation: string;
  readonly fields: readonly FieldDrift[];
}

/** A field the program does not set that the refresh found changed: by Pulumi's rules no drift, listed apart. */
export interface OutsideChange {
  readonly kind: string;
  readonly name: string;
  readonly id?: string;
  /** Each field, `wanted` holding the value before the refresh and `found` the value it read. */
  readonly fields: readonly FieldDrift[];
}

/** One stack's drift check, as the report shows it. */
export interface StackResult {
  /** `<project>/<stack>` from its resources' URNs, or `<org>/<project>/<stack>` from its ownership stamps. */
  readonly name: string;
  /** The file it was read from. */
  readonly source: string;
  readonly status: StackStatus;
  readonly resources: number;
  readonly drifted: readonly DriftedObject[];
  readonly outside: readonly OutsideChange[];
  /** Why a broken check could not judge: its error diagnostics. */
  readonly errors: readonly string[];
}

/** One object of the audit that no given stack owns. */
export interface UnownedObject {
  readonly kind: string;
  readonly id: string;
  readonly displayName: string;
  /** Its audit class: unmanaged, orphaned or duplicate. */
  readonly class: string;
}

/** Managed objects and all objects in the tenant, of one kind. */
export interface KindCoverage {
  readonly kind: string;
  readonly managed: number;
  readonly total: number;
}

/** What the report takes from `pulumi-idgov audit --format json`. */
export interface AuditView {
  readonly source: string;
  readonly baseUrl: string;
  readonly objects: number;
  readonly unowned: readonly UnownedObject[];
  readonly coverage: readonly KindCoverage[];
}

/** The counts of one run, kept in `report.json` for the trend of later runs. */
export interface RunCounts {
  /** When the report was written (ISO 8601). */
  readonly at: string;
  readonly stacks: number;
  readonly clean: number;
  readonly drifted: number;
  readonly broken: number;
  readonly driftedObjects: number;
  /** Objects no stack owns, when the run had an audit. */
  readonly unowned?: number;
}

/** Everything one report shows. */
export interface FleetReport {
  readonly generatedAt: string;
  readonly stacks: readonly StackResult[];
  readonly audit?: AuditView;
  /** The earlier runs' counts and this run's, oldest first. */
  readonly trend: readonly RunCounts[];
}

/** The counts of a run's stacks and audit. */
export function countsOf(at: string, stacks: readonly StackResult[], audit?: AuditView): RunCounts {
  const count = (status: StackStatus) => stacks.filter((stack) => stack.status === status).length;
  return {
    at,
    stacks: stacks.length,
    clean: count("clean"),
    drifted: count("drifted"),
    broken: count("broken"),
    driftedObjects: stacks.reduce((sum, stack) => sum + stack.drifted.length, 0),
    ...(audit ? { unowned: audit.unowned.length } : {}),
  };
}

/** What the next `pulumi up` would do to an object, in a reader's words. */
export const OPERATION_WORDS: Readonly<Record<string, string>> = {
  update: "update",
  replace: "replace",
  create: "create: gone from the tenant",
  delete: "delete",
};

/** The drifted fields of a stack, each once, and each object drifted without a field (`payroll: create`). */
export function driftedNames(stack: StackResult): string[] {
  const names = stack.drifted.flatMap((object) =>
    object.fields.length > 0
      ? object.fields.map((field) => field.path)
      : [`${object.name}: ${OPERATION_WORDS[object.operation] ?? object.operation}`],
  );
  return [...new Set(names)];
}

/** `n thing` or `n things`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
