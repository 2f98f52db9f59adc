import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { pathSegmentProblem } from "../../provider/client/paths";
import { OWNERSHIP_KEY } from "../../provider/engine/ownership";
import { ownershipOf, typeToken } from "./ownership";
import { providerFor } from "./shim";

const ownershipSchema = z.strictObject({ workspace: z.string(), resourceAddress: z.string() });

/**
 * The program's own annotations. Their rules (spec 2.1, counting the stamped keys, with the configured reserved
 * prefix) are checked once, by the engine's check.
 */
/** @internal */
export const userAnnotations = { annotations: z.record(z.string(), z.string()).optional() };

/**
 * Where the resource lives in Pulumi (its workspace and URN), set by every resource class: it names the resource in
 * errors and, for kinds that carry annotations, is stamped on the object.
 */
/** @internal */
export const ownershipInputs = { [OWNERSHIP_KEY]: ownershipSchema.optional() };

/**
 * An object id that becomes a path segment: not empty, `.` or `..` (which would send the request to another route).
 * `required` is the message when it is missing.
 * @internal
 */
export function pathId(required = "must be an object id") {
  return z.string({ error: required }).superRefine((id, ctx) => {
    const problem = pathSegmentProblem(id);
    if (problem !== undefined) ctx.addIssue({ code: "custom", message: `${problem}: must be an object id` });
  });
}

/** Inputs of every resource whose objects can be created or adopted. */
/** @internal */
export const adoptionInputs = {
  adoptId: pathId().optional(),
  allowTakeover: z.boolean().optional(),
  ...ownershipInputs,
  ...userAnnotations,
};

/** Inputs of resources that leave the object in place on delete. */
/** @internal */
export const restoreInputs = {
  restoreOnDelete: z.boolean().optional(),
};

/** Options of resources that manage an object that outlives them (tenant settings, a campaign's scope). */
export interface RestoreArgs {
  /**
   * On delete, put back the values this resource replaced, with one update. Otherwise delete leaves the object as
   * it is. @default false
   */
  restoreOnDelete?: pulumi.Input<boolean>;
}

/** Options every managed resource accepts for adoption (design: adoption replaces `pulumi import`). */
export interface AdoptionArgs {
  /**
   * The id of an existing object to take under management instead of creating one: create reads it, checks that no
   * other workspace or tool owns it, and sends one masked update.
   */
  adoptId?: pulumi.Input<string>;
  /** Adopt even when the object's annotations say another workspace or tool manages it. @default false */
  allowTakeover?: pulumi.Input<boolean>;
}

/** Requires `field` unless the program adopts an existing object. */
/** @internal */
export function requiredUnlessAdopting(field: string) {
  return (inputs: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (inputs.adoptId === undefined && (inputs[field] === undefined || inputs[field] === "")) {
      ctx.addIssue({ code: "custom", path: [field], message: "is required (unless adoptId is set)" });
    }
  };
}

/**
 * The props handed to `dynamic.Resource`: the program's args, the output names (as undefined, so the class exposes
 * them), and the resource's ownership (its workspace and URN).
 */
/** @internal */
export function resourceProps(
  kind: string,
  name: string,
  args: object,
  outputNames: readonly string[],
  opts: pulumi.CustomResourceOptions | undefined,
): Record<string, unknown> {
  const outputs = Object.fromEntries(outputNames.map((output) => [output, undefined]));
  return { ...outputs, ...args, [OWNERSHIP_KEY]: ownershipOf(kind, name, opts) };
}

/** Constructor arguments of `dynamic.Resource` for a kind. */
/** @internal */
export function dynamicArgs(kind: string) {
  return { provider: providerFor(kind), module: "idgov", type: kind, token: typeToken(kind) } as const;
}
