import * as path from "node:path";
import { KIND_FACTS } from "../../kinds/public";
import { kindOfToken } from "../../kinds/tokens";
import type { KindName } from "../../kinds/names";
import type { DriftedObject, FieldDrift, OutsideChange, StackResult } from "./model";
import { secretPathsOf, shown, valueAt, withoutSecrets } from "./values";
import { ReportInputError } from "./errors";

type Json = Record<string, unknown>;

/** The step operations of a plan that change an object: drift. */
const CHANGES = new Set(["update", "replace", "create", "delete", "create-replacement", "delete-replaced"]);
/** The engine's error of `--expect-no-changes`: it says drift was found, not that the check is broken. */
const EXPECTED_NO_CHANGES = /no changes were expected/i;

const isJson = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const record = (value: unknown): Json => (isJson(value) ? value : {});

interface Resource {
  readonly urn: string;
  readonly kind: string;
  readonly packageKind?: KindName;
  readonly name: string;
  /** Its steps in order: the refresh's (`op: "refresh"`, the state before it), then the plan's when shown. */
  readonly steps: Json[];
}

function resourcesOf(steps: readonly Json[]): Resource[] {
  const byUrn = new Map<string, Resource>();
  for (const step of steps) {
    const urn = String(step.urn ?? "");
    const type = String(record(step.newState ?? step.oldState).type ?? urn.split("::")[2] ?? "");
    if (type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:")) continue;
    const found = byUrn.get(urn);
    if (found) found.steps.push(step);
    else {
      const packageKind = kindOfToken(type)?.kind;
      const name = urn.split("::").at(-1) ?? urn;
      byUrn.set(urn, {
        urn,
        kind: packageKind ?? type,
        name,
        steps: [step],
        ...(packageKind ? { packageKind } : {}),
      });
    }
  }
  return [...byUrn.values()];
}

/** The property paths a step reports: its detailed diff (the native door), else its diff reasons. */
function pathsOf(step: Json): string[] {
  if (isJson(step.detailedDiff) && Object.keys(step.detailedDiff).length > 0)
    return Object.keys(step.detailedDiff);
  return Array.isArray(step.diffReasons) ? step.diffReasons.map(String) : [];
}

function fieldOf(resource: Resource, at: string, before: unknown, after: unknown): FieldDrift {
  const secrets = secretPathsOf(resource.packageKind);
  return {
    path: at,
    wanted: shown(withoutSecrets(valueAt(before, at), at, secrets)),
    found: shown(withoutSecrets(valueAt(after, at), at, secrets)),
  };
}

const idOf = (step: Json): { id?: string } => {
  const id = record(step.oldState).id ?? record(step.newState).id;
  return typeof id === "string" && id !== "" ? { id } : {};
};

/** What the refresh read: the plan step's old state is the state after the refresh. */
const refreshed = (plan: Json): Json => {
  const live = record(plan.oldState);
  return { ...record(live.inputs), ...record(live.outputs) };
};

function driftOf(resource: Resource, plan: Json): DriftedObject {
  const wanted = record(record(plan.newState).inputs);
  const fields = pathsOf(plan).map((at) => fieldOf(resource, at, wanted, refreshed(plan)));
  return { kind: resource.kind, name: resource.name, ...idOf(plan), operation: String(plan.op), fields };
}

/** Paths whose values differ between two objects, one level into a changed object (`annotations.team`). */
function changedPaths(before: Json, after: Json): string[] {
  const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => differs(before[key], after[key]))
    .flatMap((key) => {
      const old = before[key];
      const now = after[key];
      if (!isJson(old) || !isJson(now)) return [key];
      return changedPaths(old, now)
        .filter((inner) => !inner.includes("."))
        .map((inner) => `${key}.${inner}`);
    });
}

/**
 * What the refresh found changed in fields a program may set and this one does not: by Pulumi's rules no drift (the
 * plan shows no diff), but a change made outside the code all the same. Fields the service fills are left out. Needs
 * the plan's step, which the preview shows for an unchanged object only with `--show-sames`.
 */
function outsideOf(resource: Resource, refresh: Json, plan: Json, drifted: ReadonlySet<string>) {
  if (!isJson(plan.oldState)) return undefined;
  const before = record(record(refresh.oldState).outputs);
  const after = record(plan.oldState.outputs);
  const program = record(record(plan.newState ?? plan.oldState).inputs);
  const settable = resource.packageKind ? new Set(KIND_FACTS[resource.packageKind].fields) : undefined;
  const paths = changedPaths(before, after)
    .filter((at) => !at.startsWith("__") && !drifted.has(at) && valueAt(program, at) === undefined)
    .filter((at) => settable === undefined || settable.has(at.split(".")[0] ?? at));
  if (paths.length === 0) return undefined;
  const fields = paths.map((at) => fieldOf(resource, at, before, after));
  return { kind: resource.kind, name: resource.name, ...idOf(plan), fields } satisfies OutsideChange;
}

/** The error diagnostics that make a check unable to judge (not `--expect-no-changes`' own). */
function errorsOf(document: Json): string[] {
  const diagnostics = Array.isArray(document.diagnostics) ? document.diagnostics.filter(isJson) : [];
  return diagnostics
    .filter((diagnostic) => diagnostic.severity === "error")
    .map((diagnostic) =>
      String(diagnostic.message ?? "")
        .replace(/\u001b\[[0-9;]*m/g, "")
        .trim()
        .replace(/^error:\s*/i, ""),
    )
    .filter((message) => message !== "" && !EXPECTED_NO_CHANGES.test(message));
}

/**
 * `<project>/<stack>` from the stack's URNs, as `<org>/<project>/<stack>` when an ownership stamp names that project and
 * stack (an audit names stacks so); the file's name when the check holds no URN.
 */
function stackNameOf(steps: readonly Json[], file: string): string {
  const urn = steps.map((step) => String(step.urn ?? "")).find((text) => text.startsWith("urn:pulumi:"));
  const match = urn ? /^urn:pulumi:([^:]+)::([^:]+)::/.exec(urn) : null;
  if (!match) return path.basename(file).replace(/\.json$/i, "");
  const name = `${match[2]}/${match[1]}`;
  for (const step of steps) {
    const stamped = record(record(record(step.oldState ?? step.newState).outputs).annotations).iac_workspace;
    if (typeof stamped === "string" && stamped.endsWith(`/${name}`)) return stamped;
  }
  return name;
}

/**
 * One stack's drift check from the JSON of `pulumi preview --refresh --expect-no-changes --json`: clean, drifted
 * (each object the plan would change, with its fields), or broken (the preview reports errors, is marked possibly
 * corrupt, or wrote nothing). A document of another shape throws {@link ReportInputError} naming the file.
 */
export function readDriftCheck(document: unknown, file: string): StackResult {
  if (document === undefined) {
    const errors = [
      "the drift check wrote no JSON: `pulumi preview` failed before it started (see its job log)",
    ];
    return { ...empty(file), status: "broken", errors };
  }
  if (!isJson(document) || !(Array.isArray(document.steps) || Array.isArray(document.diagnostics)))
    throw new ReportInputError(
      `${file}: not the output of \`pulumi preview --json\`: it has no "steps" list`,
    );
  const steps = Array.isArray(document.steps) ? document.steps.filter(isJson) : [];
  const errors = errorsOf(document);
  if (!Array.isArray(document.steps)) errors.push('the preview wrote no plan: its JSON has no "steps" list');
  if (document.maybeCorrupt === true) errors.push("the preview marks its plan as possibly corrupt");
  const drifted: DriftedObject[] = [];
  const outside: OutsideChange[] = [];
  const resources = resourcesOf(steps);
  for (const resource of resources) {
    const refresh = resource.steps.find((step) => step.op === "refresh");
    const plan = resource.steps.find((step) => step !== refresh);
    const drift = plan && CHANGES.has(String(plan.op)) ? driftOf(resource, plan) : undefined;
    if (drift) drifted.push(drift);
    const change =
      refresh && plan && outsideOf(resource, refresh, plan, new Set(drift?.fields.map((f) => f.path)));
    if (change) outside.push(change);
  }
  const status = errors.length > 0 ? "broken" : drifted.length > 0 ? "drifted" : "clean";
  return {
    name: stackNameOf(steps, file),
    source: file,
    status,
    resources: resources.length,
    drifted,
    outside,
    errors,
  };
}

function empty(file: string): Omit<StackResult, "status"> {
  return { name: stackNameOf([], file), source: file, resources: 0, drifted: [], outside: [], errors: [] };
}
