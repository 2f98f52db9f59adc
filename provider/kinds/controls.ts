import { z } from "zod";
import { pathSegmentProblem } from "../client/paths";

/**
 * The program's own annotations. Their rules (spec 2.1, counting the stamped keys, with the configured reserved
 * prefix) are checked once, by the engine's check.
 */
export const userAnnotations = { annotations: z.record(z.string(), z.string()).optional() };

/**
 * An object id that becomes a path segment: not empty, `.` or `..` (which would send the request to another route).
 * `required` is the message when it is missing.
 */
export function pathId(required = "must be an object id") {
  return z.string({ error: required }).superRefine((id, ctx) => {
    const problem = pathSegmentProblem(id);
    if (problem !== undefined) ctx.addIssue({ code: "custom", message: `${problem}: must be an object id` });
  });
}

/** Inputs of every resource whose objects can be created or adopted. */
export const adoptionInputs = {
  adoptId: pathId().optional(),
  allowTakeover: z.boolean().optional(),
  ...userAnnotations,
};

/** Inputs of resources that leave the object in place on delete. */
export const restoreInputs = {
  restoreOnDelete: z.boolean().optional(),
};

/** Requires each of `fields` unless the program adopts an existing object. */
export function requiredUnlessAdopting(fields: readonly string[]) {
  return (inputs: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (inputs.adoptId !== undefined) return;
    for (const field of fields) {
      if (inputs[field] === undefined || inputs[field] === "") {
        ctx.addIssue({ code: "custom", path: [field], message: "is required (unless adoptId is set)" });
      }
    }
  };
}
