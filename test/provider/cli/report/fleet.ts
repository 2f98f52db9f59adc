/**
 * Drift checks of made-up fleets in the shape `pulumi preview --refresh --expect-no-changes --json` writes them
 * (`checks/` holds real ones): per App a `refresh` step holding the state before the refresh, then, for drift, an
 * `update` step from the state the refresh read to the program's inputs.
 */
export interface AppSpec {
  readonly name: string;
  readonly id?: string;
  /** Drifted fields: the value the program sets, and the value found. */
  readonly drift?: Readonly<Record<string, readonly [unknown, unknown]>>;
  readonly inputs?: Readonly<Record<string, unknown>>;
}

const TYPE = "idgov:index:App";

export function driftCheckOf(project: string, stack: string, apps: readonly AppSpec[]): object {
  const urn = (type: string, name: string) => `urn:pulumi:${stack}::${project}::${type}::${name}`;
  const stackUrn = urn("pulumi:pulumi:Stack", `${project}-${stack}`);
  const steps: object[] = [
    { op: "refresh", urn: stackUrn, oldState: { urn: stackUrn, type: "pulumi:pulumi:Stack" } },
  ];
  const plans: object[] = [
    { op: "same", urn: stackUrn, oldState: { urn: stackUrn, type: "pulumi:pulumi:Stack" } },
  ];
  for (const app of apps) {
    const id = app.id ?? `app-${app.name}`;
    const wanted: Record<string, unknown> = { displayName: app.name, ...app.inputs };
    const found: Record<string, unknown> = { ...wanted };
    for (const [field, [code, live]] of Object.entries(app.drift ?? {})) {
      wanted[field] = code;
      found[field] = live;
    }
    const state = (inputs: object, outputs: object) => ({
      urn: urn(TYPE, app.name),
      type: TYPE,
      id,
      inputs,
      outputs,
    });
    steps.push({
      op: "refresh",
      urn: urn(TYPE, app.name),
      oldState: state(wanted, wanted),
      newState: state(wanted, wanted),
    });
    const fields = Object.keys(app.drift ?? {});
    if (fields.length > 0)
      plans.push({
        op: "update",
        urn: urn(TYPE, app.name),
        diffReasons: fields,
        detailedDiff: Object.fromEntries(fields.map((field) => [field, { kind: "update", inputDiff: true }])),
        oldState: state(found, found),
        newState: state(wanted, {}),
      });
  }
  return { config: {}, steps: [...steps, ...plans], changeSummary: {} };
}
