import type { z } from "zod";

/** A protobuf `oneof`: at most one of `members` may be set at a time (spec 2.0.8). */
export interface OneofGroup {
  /** The oneof's name in the spec, e.g. `kind`, `provider_config`. */
  readonly name: string;
  readonly members: readonly string[];
}

/** Groups with more members than this are named only by the members set, to keep messages readable. */
const LONG_GROUP = 8;

/** The members of `members` whose value in `obj` is neither `undefined` nor `null`, in group order. */
export function oneofMembersSet(
  obj: Record<string, unknown> | undefined,
  members: readonly string[],
): string[] {
  if (obj === undefined) return [];
  return members.filter((member) => obj[member] !== undefined && obj[member] !== null);
}

function joinWithAnd(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The message for a oneof with more than one member set. */
export function oneofConflictMessage(group: OneofGroup, set: readonly string[]): string {
  if (group.members.length > LONG_GROUP) {
    return `only one member of oneof ${group.name} may be set; got ${joinWithAnd(set)}`;
  }
  return `at most one of ${group.members.join(", ")} may be set (got: ${set.join(", ")})`;
}

/** Options of {@link oneofRefinement}. */
export interface OneofRefinementOptions {
  /**
   * Require exactly one member instead of at most one.
   * @default false
   */
  required?: boolean;
  /**
   * What the object is called in the message for a missing member, e.g. `step`.
   * @default "value"
   */
  entity?: string;
}

/** A `superRefine` callback that reports a broken oneof on the object itself. */
export function oneofRefinement(group: OneofGroup, options: OneofRefinementOptions = {}) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const set = oneofMembersSet(value, group.members);
    if (set.length > 1) {
      ctx.addIssue({ code: "custom", message: oneofConflictMessage(group, set) });
    } else if (set.length === 0 && options.required === true) {
      const entity = options.entity ?? "value";
      ctx.addIssue({
        code: "custom",
        message: `a ${entity} must set exactly one member of oneof ${group.name} (none set)`,
      });
    }
  };
}
