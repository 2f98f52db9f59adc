import * as pulumi from "@pulumi/pulumi";
import { dynamicArgs, resourceProps } from "./controls";
import { refusePlainSecretSettings } from "./plainSecrets";

/** What a resource class reads from its kind's declaration (`provider/kinds`). */
export interface ClassKind {
  /** The type name: `App`. */
  readonly name: string;
  /** Every output, each exposed on the class. */
  readonly outputs: readonly string[];
  /** The outputs kept encrypted in state, beside those the options name. */
  readonly secretOutputs: readonly string[];
}

/**
 * Whether the program asked the SDK to trace leaked promises (`PULUMI_DEBUG_PROMISE_LEAKS`): then every promise keeps
 * the stack trace it was made at, as the SDK documents.
 */
function tracingPromises(): boolean {
  return Boolean(process.env.PULUMI_DEBUG_PROMISE_LEAKS);
}

/**
 * `pulumi.dynamic.Resource` without the SDK's stack trace per output. The SDK makes an Output of four promises for
 * every property a class declares and takes a stack trace for each promise (`debuggablePromise` in
 * `runtime/debuggable`), which it shows only when `PULUMI_DEBUG_PROMISE_LEAKS` is set; for a kind of 30 outputs that
 * was most of the program's CPU. So the SDK's constructor runs with `Error.stackTraceLimit = 0` and the limit is put
 * back before it returns; the resource's own source position is unaffected (the SDK lifts the limit for it).
 */
export class IdgovResource extends pulumi.dynamic.Resource {
  /**
   * A resource of `kind` named `name`: the program's `args`, the kind's outputs (each exposed on the class) and its
   * ownership as props; the kind's secret outputs are kept encrypted in state beside those `opts` names.
   */
  constructor(kind: ClassKind, name: string, args: object, opts: pulumi.CustomResourceOptions | undefined) {
    refusePlainSecretSettings();
    const { secretOutputs } = kind;
    const { provider, module, type } = dynamicArgs(kind.name);
    const props = resourceProps(kind.name, name, args, kind.outputs, opts);
    const options =
      secretOutputs.length === 0
        ? opts
        : pulumi.mergeOptions(opts, { additionalSecretOutputs: [...secretOutputs] });
    const limit = Error.stackTraceLimit;
    if (!tracingPromises()) Error.stackTraceLimit = 0;
    try {
      super(provider, name, props, options, module, type);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}
