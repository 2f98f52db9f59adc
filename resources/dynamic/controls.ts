import * as pulumi from "@pulumi/pulumi";
import { OWNERSHIP_INPUT } from "./ownershipInput";
import { ownershipOf, typeToken } from "./ownership";
import { providerFor } from "./shim";

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
  return { ...outputs, ...args, [OWNERSHIP_INPUT]: ownershipOf(kind, name, opts) };
}

/** Constructor arguments of `dynamic.Resource` for a kind. */
/** @internal */
export function dynamicArgs(kind: string) {
  return { provider: providerFor(kind), module: "idgov", type: kind, token: typeToken(kind) } as const;
}
