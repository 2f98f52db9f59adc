/** Steps of `pulumi preview --json`, in the shape the real CLI writes them (checked against Pulumi v3.248.0). */

type Json = Record<string, unknown>;

/** The door whose type token a step carries. */
export type Door = "dynamic" | "native";

const STACK = "urn:pulumi:dev::idgov-impact";

function typeOf(kind: string, door: Door): string {
  return door === "dynamic" ? `pulumi-nodejs:dynamic/idgov:${kind}` : `idgov:index:${kind}`;
}

/** A URN of a pulumi-idgov resource. */
export function urnOf(kind: string, name: string, door: Door = "dynamic"): string {
  return `${STACK}::${typeOf(kind, door)}::${name}`;
}

/** One step: `olds`/`news` are the program's inputs before and after (undefined: no such state). */
export function step(
  op: string,
  kind: string,
  name: string,
  options: { id?: string; olds?: Json; news?: Json; door?: Door; extra?: Json } = {},
): Json {
  const door = options.door ?? "dynamic";
  const urn = urnOf(kind, name, door);
  const state = (inputs: Json, id: string | undefined) => ({
    urn,
    custom: true,
    ...(id === undefined ? {} : { id }),
    type: typeOf(kind, door),
    inputs: door === "dynamic" ? { __provider: "exports.handler = ...", ...inputs } : inputs,
    outputs: { ...inputs, managedFields: Object.keys(inputs) },
  });
  return {
    op,
    urn,
    ...(options.olds === undefined ? {} : { oldState: state(options.olds, options.id) }),
    ...(options.news === undefined
      ? {}
      : { newState: state(options.news, op === "create" ? "" : options.id) }),
    detailedDiff: null,
    ...options.extra,
  };
}

/** The stack resource's step, which every preview has. */
export const STACK_STEP: Json = {
  op: "same",
  urn: `${STACK}::pulumi:pulumi:Stack::idgov-impact-dev`,
  oldState: { type: "pulumi:pulumi:Stack", custom: false },
  newState: { type: "pulumi:pulumi:Stack", custom: false },
  detailedDiff: null,
};

/** A whole preview document. */
export function preview(steps: Json[], config: Record<string, string> = {}): Json {
  return { config, steps: [STACK_STEP, ...steps], diagnostics: [], duration: 1, changeSummary: {} };
}
